@accounts
Feature: Accounts

  Rule: Only registered users can sign in

    Background:
      Given a user "ada" with password "lovelace"

    Scenario: Signing in with the right password
      When I sign in as "ada" with password "lovelace"
      Then I should see "Welcome, ada"

    Scenario: Signing in with a wrong password
      When I sign in as "ada" with password "babbage"
      Then I should see "Wrong user name or password"

  Rule: New users register with a profile

    Scenario: Registering
      When I register with:
        | name  | Grace              |
        | email | grace@example.test |
      Then the profile API returns:
        """json
        {"name": "Grace", "email": "grace@example.test"}
        """
