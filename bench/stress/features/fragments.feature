Feature: Fragments and same-document navigations
  A link to a section, a fragment on the current page and pushState change the URL; only the
  first of these loads a document.

  Scenario: A link to a section of another page
    Given I open "/index.html"
    When I click the link "Jump to the section"
    Then the URL is "/target.html#section"
    And the title is "Target"
    And I see "The section"
    And the page is scrolled down

  Scenario: A link to a section of the same page keeps the document
    Given I open "/target.html"
    And I mark the document
    When I click the link "Go to the section"
    Then the URL becomes "/target.html#section"
    And the document is the one I marked
    And the page is scrolled down

  Scenario: Opening a fragment of the current page has no response
    Given I open "/target.html"
    And I mark the document
    When I open "/target.html#section"
    Then there was no response
    And the URL is "/target.html#section"
    And the document is the one I marked

  Scenario: Going back from a pushed state and a fragment
    Given I open "/target.html"
    And I mark the document
    When I open "/target.html#section"
    And the page pushes the state "/target/pushed"
    Then the URL is "/target/pushed"
    When I go back
    Then the URL is "/target.html#section"
    When I go back
    Then the URL is "/target.html"
    And the document is the one I marked
