Feature: Searching the catalogue
  Shoppers find products by name and narrow the results by price.

  Background:
    Given I open "features/site/catalogue.html"

  @smoke
  Scenario: Finding a product by name
    When I fill "Search" with "blue"
    And I click the "Search" button
    Then I should see "Blue teapot"
    And the element "#summary" should have text "1 results"
    And the URL should contain "site/catalogue.html"

  Scenario Outline: Filtering by price
    When I fill "Search" with "<term>"
    And I select "<range>" from "Price"
    And I press "Enter" in "Search"
    Then I should see "<count> results"
    And there should be <count> elements matching "#results li"

    Examples: cheap
      | term   | range | count |
      | teapot | 0-20  | 1     |

    @slow
    Examples: everything
      | term   | range | count |
      | teapot | any   | 3     |
      | tea    | any   | 4     |
