Feature: Todos

  Scenario: Todo list 0
    Given I open "/todo.html?user=u0"
    When I fill "New todo" with "milk 0"
    And I click the "Add" button
    And I fill "New todo" with "bread 0"
    And I click the "Add" button
    And I fill "New todo" with "tea 0"
    And I click the "Add" button
    And I check "bread 0"
    Then I should see "2 items left"

  Scenario: Todo list 1
    Given I open "/todo.html?user=u1"
    When I fill "New todo" with "milk 1"
    And I click the "Add" button
    And I fill "New todo" with "bread 1"
    And I click the "Add" button
    And I fill "New todo" with "tea 1"
    And I click the "Add" button
    And I check "bread 1"
    Then I should see "2 items left"

  Scenario: Todo list 2
    Given I open "/todo.html?user=u2"
    When I fill "New todo" with "milk 2"
    And I click the "Add" button
    And I fill "New todo" with "bread 2"
    And I click the "Add" button
    And I fill "New todo" with "tea 2"
    And I click the "Add" button
    And I check "bread 2"
    Then I should see "2 items left"

  Scenario: Todo list 3
    Given I open "/todo.html?user=u3"
    When I fill "New todo" with "milk 3"
    And I click the "Add" button
    And I fill "New todo" with "bread 3"
    And I click the "Add" button
    And I fill "New todo" with "tea 3"
    And I click the "Add" button
    And I check "bread 3"
    Then I should see "2 items left"

  Scenario: Todo list 4
    Given I open "/todo.html?user=u4"
    When I fill "New todo" with "milk 4"
    And I click the "Add" button
    And I fill "New todo" with "bread 4"
    And I click the "Add" button
    And I fill "New todo" with "tea 4"
    And I click the "Add" button
    And I check "bread 4"
    Then I should see "2 items left"

  Scenario: Todo list 5
    Given I open "/todo.html?user=u5"
    When I fill "New todo" with "milk 5"
    And I click the "Add" button
    And I fill "New todo" with "bread 5"
    And I click the "Add" button
    And I fill "New todo" with "tea 5"
    And I click the "Add" button
    And I check "bread 5"
    Then I should see "2 items left"

  Scenario: Todo list 6
    Given I open "/todo.html?user=u6"
    When I fill "New todo" with "milk 6"
    And I click the "Add" button
    And I fill "New todo" with "bread 6"
    And I click the "Add" button
    And I fill "New todo" with "tea 6"
    And I click the "Add" button
    And I check "bread 6"
    Then I should see "2 items left"

  Scenario: Todo list 7
    Given I open "/todo.html?user=u7"
    When I fill "New todo" with "milk 7"
    And I click the "Add" button
    And I fill "New todo" with "bread 7"
    And I click the "Add" button
    And I fill "New todo" with "tea 7"
    And I click the "Add" button
    And I check "bread 7"
    Then I should see "2 items left"

  Scenario: Todo list 8
    Given I open "/todo.html?user=u8"
    When I fill "New todo" with "milk 8"
    And I click the "Add" button
    And I fill "New todo" with "bread 8"
    And I click the "Add" button
    And I fill "New todo" with "tea 8"
    And I click the "Add" button
    And I check "bread 8"
    Then I should see "2 items left"

  Scenario: Todo list 9
    Given I open "/todo.html?user=u9"
    When I fill "New todo" with "milk 9"
    And I click the "Add" button
    And I fill "New todo" with "bread 9"
    And I click the "Add" button
    And I fill "New todo" with "tea 9"
    And I click the "Add" button
    And I check "bread 9"
    Then I should see "2 items left"

  Scenario: Todo list 10
    Given I open "/todo.html?user=u10"
    When I fill "New todo" with "milk 10"
    And I click the "Add" button
    And I fill "New todo" with "bread 10"
    And I click the "Add" button
    And I fill "New todo" with "tea 10"
    And I click the "Add" button
    And I check "bread 10"
    Then I should see "2 items left"

  Scenario: Todo list 11
    Given I open "/todo.html?user=u11"
    When I fill "New todo" with "milk 11"
    And I click the "Add" button
    And I fill "New todo" with "bread 11"
    And I click the "Add" button
    And I fill "New todo" with "tea 11"
    And I click the "Add" button
    And I check "bread 11"
    Then I should see "2 items left"

  Scenario: Todo list 12
    Given I open "/todo.html?user=u12"
    When I fill "New todo" with "milk 12"
    And I click the "Add" button
    And I fill "New todo" with "bread 12"
    And I click the "Add" button
    And I fill "New todo" with "tea 12"
    And I click the "Add" button
    And I check "bread 12"
    Then I should see "2 items left"

  Scenario: Todo list 13
    Given I open "/todo.html?user=u13"
    When I fill "New todo" with "milk 13"
    And I click the "Add" button
    And I fill "New todo" with "bread 13"
    And I click the "Add" button
    And I fill "New todo" with "tea 13"
    And I click the "Add" button
    And I check "bread 13"
    Then I should see "2 items left"

  Scenario: Todo list 14
    Given I open "/todo.html?user=u14"
    When I fill "New todo" with "milk 14"
    And I click the "Add" button
    And I fill "New todo" with "bread 14"
    And I click the "Add" button
    And I fill "New todo" with "tea 14"
    And I click the "Add" button
    And I check "bread 14"
    Then I should see "2 items left"

  Scenario: Todo list 15
    Given I open "/todo.html?user=u15"
    When I fill "New todo" with "milk 15"
    And I click the "Add" button
    And I fill "New todo" with "bread 15"
    And I click the "Add" button
    And I fill "New todo" with "tea 15"
    And I click the "Add" button
    And I check "bread 15"
    Then I should see "2 items left"

  Scenario: Todo list 16
    Given I open "/todo.html?user=u16"
    When I fill "New todo" with "milk 16"
    And I click the "Add" button
    And I fill "New todo" with "bread 16"
    And I click the "Add" button
    And I fill "New todo" with "tea 16"
    And I click the "Add" button
    And I check "bread 16"
    Then I should see "2 items left"

  Scenario: Todo list 17
    Given I open "/todo.html?user=u17"
    When I fill "New todo" with "milk 17"
    And I click the "Add" button
    And I fill "New todo" with "bread 17"
    And I click the "Add" button
    And I fill "New todo" with "tea 17"
    And I click the "Add" button
    And I check "bread 17"
    Then I should see "2 items left"

  Scenario: Todo list 18
    Given I open "/todo.html?user=u18"
    When I fill "New todo" with "milk 18"
    And I click the "Add" button
    And I fill "New todo" with "bread 18"
    And I click the "Add" button
    And I fill "New todo" with "tea 18"
    And I click the "Add" button
    And I check "bread 18"
    Then I should see "2 items left"

  Scenario: Todo list 19
    Given I open "/todo.html?user=u19"
    When I fill "New todo" with "milk 19"
    And I click the "Add" button
    And I fill "New todo" with "bread 19"
    And I click the "Add" button
    And I fill "New todo" with "tea 19"
    And I click the "Add" button
    And I check "bread 19"
    Then I should see "2 items left"

  Scenario: Todo list 20
    Given I open "/todo.html?user=u20"
    When I fill "New todo" with "milk 20"
    And I click the "Add" button
    And I fill "New todo" with "bread 20"
    And I click the "Add" button
    And I fill "New todo" with "tea 20"
    And I click the "Add" button
    And I check "bread 20"
    Then I should see "2 items left"

  Scenario: Todo list 21
    Given I open "/todo.html?user=u21"
    When I fill "New todo" with "milk 21"
    And I click the "Add" button
    And I fill "New todo" with "bread 21"
    And I click the "Add" button
    And I fill "New todo" with "tea 21"
    And I click the "Add" button
    And I check "bread 21"
    Then I should see "2 items left"

  Scenario: Todo list 22
    Given I open "/todo.html?user=u22"
    When I fill "New todo" with "milk 22"
    And I click the "Add" button
    And I fill "New todo" with "bread 22"
    And I click the "Add" button
    And I fill "New todo" with "tea 22"
    And I click the "Add" button
    And I check "bread 22"
    Then I should see "2 items left"

  Scenario: Todo list 23
    Given I open "/todo.html?user=u23"
    When I fill "New todo" with "milk 23"
    And I click the "Add" button
    And I fill "New todo" with "bread 23"
    And I click the "Add" button
    And I fill "New todo" with "tea 23"
    And I click the "Add" button
    And I check "bread 23"
    Then I should see "2 items left"

  Scenario: Todo list 24
    Given I open "/todo.html?user=u24"
    When I fill "New todo" with "milk 24"
    And I click the "Add" button
    And I fill "New todo" with "bread 24"
    And I click the "Add" button
    And I fill "New todo" with "tea 24"
    And I click the "Add" button
    And I check "bread 24"
    Then I should see "2 items left"
