Feature: The __NAME__ plugin
  Its steps call its tool, as a script or an MCP client would.

  Scenario: Greeting someone
    When __NAME__ greets "Ada"
    Then __NAME__ says "Hello, Ada!"
