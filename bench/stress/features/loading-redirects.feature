Feature: Pages that send you elsewhere while they load
  An inline script (location.replace, location.href), a meta refresh, and a timer that fires
  while a slow image still holds the first page's load.

  Scenario: location.replace in an inline script
    When I open "/replace.html"
    Then the URL becomes "/landed.html?via=replace"
    And the title becomes "Landed"
    And I see "via replace"

  Scenario: location.href in an inline script
    When I open "/script-away.html"
    Then the URL becomes "/landed.html?via=script"
    And the title becomes "Landed"
    And I see "via script"

  Scenario: A meta refresh
    When I open "/refresh.html"
    Then the URL becomes "/landed.html?via=refresh"
    And the title becomes "Landed"
    And I see "via refresh"

  Scenario: A timer that leaves before the page has loaded
    When I open "/late-away.html"
    Then the URL becomes "/landed.html?via=late"
    And the title becomes "Landed"
    And I see "via late"

  Scenario: location.replace leaves no history entry behind
    Given I open "/index.html"
    When I open "/replace.html"
    Then the URL becomes "/landed.html?via=replace"
    When I go back
    Then the URL is "/index.html"
    And the title is "Home"
