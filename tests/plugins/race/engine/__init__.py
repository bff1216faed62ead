"""Race: two players race to a target score, a point at a time. A game made only to prove that a
game is a plug-in (docs/adding-a-game.md): its folders and one registry entry, nothing else."""
