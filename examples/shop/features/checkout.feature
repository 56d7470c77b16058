Feature: Checking out
  The shop adds up the cart and prints a receipt.

  Background:
    Given the catalogue:
      | item   | price |
      | apple  | €0.50 |
      | teapot | €12.00 |

  Scenario: Adding up the cart
    When I add 3 apple to the cart
    And I add 1 teapot to the cart
    Then the total is €13.50

  @receipt
  Scenario: Printing a receipt
    When I add 2 teapot to the cart
    And I check out
    Then the receipt reads:
      """
      2 items, €24.00
      """

  Scenario Outline: Prices from the step text
    Given <item> costs <price>
    When I add <count> <item> to the cart
    Then the total is <total>

    Examples:
      | item  | price | count | total  |
      | pear  | €1.20 | 2     | €2.40  |
      | melon | €3.05 | 3     | €9.15  |
