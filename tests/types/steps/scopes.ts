import { BeforeAll, Given, HookTarget, context, world, wrapPromiseWithTimeout } from '@cucumber/cucumber';

BeforeAll({ on: HookTarget.COORDINATOR, timeout: 1000 }, async () => {
  const label: string = context.parameters.label;
  void label;
});

Given('an arrow step', async () => {
  await wrapPromiseWithTimeout(world.page.goto('/'), 1000, 'too slow');
});
