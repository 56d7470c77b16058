Feature: Guarded pages

  Scenario Outline: A guest is sent to the login page <n>
    Given I open "/account.html"
    Then I should see "Login"

    Examples:
      | n |
      | 1 |
      | 2 |
      | 3 |
      | 4 |
      | 5 |
