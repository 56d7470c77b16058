# language: fr
Fonctionnalité: Recherche en français
  Les mots-clés Gherkin existent en 80 langues ; le texte des étapes reste celui des définitions.

  Scénario: Chercher une théière
    Soit I open "features/site/catalogue.html"
    Quand I fill "Search" with "glass"
    Et I click the "Search" button
    Alors I should see "Glass teapot"
