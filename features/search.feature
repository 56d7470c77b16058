Feature: Searching the catalogue
  Shoppers find products by name and narrow the results with filters.

  Background:
    Given I open the catalogue page

  @smoke
  Scenario: Finding a product by name
    When I fill "Search" with "teapot"
    And I click the "Search" button
    Then I should see "Blue teapot"

  Scenario Outline: Filtering by price
    When I fill "Search" with "<term>"
    And I select "<range>" from "Price"
    Then I should see <count> results

    Examples: cheap
      | term   | range   | count |
      | teapot | 0-20    | 1     |

    @slow
    Examples: everything
      | term   | range   | count |
      | teapot | any     | 3     |
