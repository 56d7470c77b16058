Feature: Server redirects and responses
  A 302 chain, a form POST answered by a 303, and responses that are not pages.

  Scenario: Opening a 302 chain ends on the final page
    When I open "/hop/3"
    Then the response has status 200 and the URL "/landed.html?via=302"
    And the URL is "/landed.html?via=302"
    And the title is "Landed"
    And I see "via 302"

  Scenario: Clicking a link through a 302 chain
    Given I open "/index.html"
    When I click the link "Through three redirects"
    Then the URL is "/landed.html?via=302"
    And the title becomes "Landed"
    And I see "via 302"

  Scenario: A form POST answered by a 303
    Given I open "/form.html"
    When I type "Ada" into the "Name" field
    And I click the button "Send"
    Then the URL is "/thanks?name=Ada"
    And the title becomes "Thanks"
    And I see "Thanks, Ada"

  Scenario: Enter in a field submits its form
    Given I open "/form.html"
    When I type "Grace" into the "Name" field
    And I press Enter in the "Name" field
    Then the URL is "/thanks?name=Grace"
    And I see "Thanks, Grace"

  Scenario: A 204 leaves the page where it was
    Given I open "/index.html"
    Then opening "/status/204" fails with "net::ERR_ABORTED"
    And the URL is "/index.html"
    And the title is "Home"

  Scenario: A missing page is a response, not an error
    When I open "/missing.html"
    Then the response has status 404 and the URL "/missing.html"
    And I see "Nothing here"
