@failing
Feature: Deliberate failures
  These scenarios fail on purpose; the tests check how each failure is reported.

  Scenario: An assertion fails
    Given apple costs €0.50
    When I add 1 apple to the cart
    Then the total is €9.99

  Scenario: A step panics
    When the till crashes

  Scenario: A step hangs past its timeout
    When the till hangs

  Scenario: A step is undefined
    When I pay with a seashell

  Scenario: A step is mistyped
    When I add 2 apple to the kart
