Feature: A to-do list
  The page lives in features/site/todo.html; point `I open` at your own site (a URL, or a
  path under the `baseUrl` world parameter) when you are ready.

  Background:
    Given I open "features/site/todo.html"

  Scenario: Adding an item
    When I add "Buy milk" to the list
    Then the list shows 1 item
    And I should see "Buy milk"

  Scenario: Adding two items
    When I add "Buy milk" to the list
    And I add "Call Ada" to the list
    Then the list shows 2 items
