Feature: History
  Back and forward across documents, redirects and a form submission.

  Scenario: Back and forward across documents
    Given I open "/index.html"
    When I click the link "Target page"
    Then the URL is "/target.html"
    When I go back
    Then the URL is "/index.html"
    And the title is "Home"
    When I go forward
    Then the URL is "/target.html"
    And the title is "Target"
    And there is nowhere further forward

  Scenario: Back after a 302 chain skips its hops
    Given I open "/index.html"
    When I click the link "Through three redirects"
    Then the URL is "/landed.html?via=302"
    When I go back
    Then the URL is "/index.html"
    And I see "Home"

  Scenario: Back after a form POST returns to the form
    Given I open "/form.html"
    When I type "Ada" into the "Name" field
    And I click the button "Send"
    Then I see "Thanks, Ada"
    When I go back
    Then the URL is "/form.html"
    And the title is "Form"
