# language: fr
Fonctionnalité: Recherche en français
  Les mots-clés Gherkin existent en 80 langues.

  Scénario: Chercher un produit
    Soit j'ouvre la page du catalogue
    Quand je cherche "théière"
    Alors je vois "Théière bleue"
