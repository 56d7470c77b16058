@parameters
Feature: World parameters
  Scenario: Reading a world parameter
    Then the currency is the one from the world parameters
