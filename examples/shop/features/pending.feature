@pending
Feature: Work in progress
  Scenario: Loyalty points
    Given apple costs €0.50
    When the loyalty scheme is applied
