@accounts
Feature: Accounts

  Background:
    Given I open "features/site/account.html"

  Rule: Only registered users can sign in

    Scenario: Signing in with the right password
      When I fill "User name" with "ada"
      And I fill "Password" with "lovelace"
      And I click the "Sign in" button
      Then I should see "Welcome, ada"

    Scenario: Signing in with a wrong password
      When I fill "User name" with "ada"
      And I fill "Password" with "babbage"
      And I click the "Sign in" button
      Then I should see "Wrong user name or password"
      And I should not see "Welcome"

  Rule: New users register with a profile

    Scenario: Registering
      Then the "Create account" button should be disabled
      When I fill "Full name" with "Grace Hopper"
      And I fill "Email" with "grace@example.test"
      And I select "United Kingdom" from "Country"
      And I check "I accept the terms"
      Then the "Create account" button should be enabled
      When I click the "Create account" button
      Then I should see "Welcome aboard, Grace Hopper (United Kingdom)"
      And the "Email" field should contain "grace@example.test"
