Feature: Login

  Scenario Outline: Signing in as <user>
    Given I open "/login.html"
    When I fill "User name" with "<user>"
    And I fill "Password" with "<password>"
    And I click the "Sign in" button
    Then I should see "Hello, <user>"

    Examples:
      | user | password |
      | user0 | pw-user0 |
      | user1 | pw-user1 |
      | user2 | pw-user2 |
      | user3 | pw-user3 |
      | user4 | pw-user4 |
      | user5 | pw-user5 |
      | user6 | pw-user6 |
      | user7 | pw-user7 |
      | user8 | pw-user8 |
      | user9 | pw-user9 |
      | user10 | pw-user10 |
      | user11 | pw-user11 |
      | user12 | pw-user12 |
      | user13 | pw-user13 |
      | user14 | pw-user14 |
      | user15 | pw-user15 |
      | user16 | pw-user16 |
      | user17 | pw-user17 |
      | user18 | pw-user18 |
      | user19 | pw-user19 |
