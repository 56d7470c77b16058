Feature: Clicks that lead to pages that move on
  The click returns once its navigation has started; the page it opens then redirects itself.

  Scenario: A link to a page that replaces itself while it loads
    Given I open "/index.html"
    When I click the link "Open the moving page"
    Then the URL becomes "/landed.html?via=replace"
    And I see "via replace"
    When I go back
    Then the URL is "/index.html"

  Scenario: A button that navigates by script
    Given I open "/index.html"
    When I click the button "Go by script"
    Then the URL becomes "/target.html"
    And the title becomes "Target"
