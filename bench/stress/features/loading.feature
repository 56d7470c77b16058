Feature: Load states, frames and reloads
  A slow image holds the page's load; an iframe that redirects itself loads on its own.

  Scenario: Opening a page waits for its slow image
    When I open "/slow.html"
    Then the page has loaded with its picture

  Scenario: Waiting for load after the DOM is ready
    When I open "/slow.html" until "domcontentloaded"
    Then I see "The text comes first."
    When I wait for the load state "load"
    Then the page has loaded with its picture

  Scenario: A frame that redirects itself while it loads
    When I open "/framed.html"
    Then the frame "#inner" shows "The frame landed"
    And the URL is "/framed.html"
    And the title is "Framed"

  Scenario: A reload waits for the page's slow image, not the frame
    Given I open "/framed.html"
    When I reload the page
    Then the page has loaded with its picture
    And the frame "#inner" shows "The frame landed"
