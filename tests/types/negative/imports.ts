// Names the virtual modules do not export.
// @ts-expect-error: defineTool is a global, not an export of @cucumber/cucumber
import { defineTool } from '@cucumber/cucumber';
// @ts-expect-error: Playwright's test runner is not there (steps are cucumber's)
import { test } from '@playwright/test';
import { Route, Page } from '@playwright/test';

export const used = [defineTool, test, Page];
// @ts-expect-error: Route is a type only: @playwright/test does not export it as a value
export const route = Route;
import { TimeoutError as NotExported } from '@playwright/test';
// @ts-expect-error: TimeoutError is a type only (the class is errors.TimeoutError)
export const bad = NotExported;
