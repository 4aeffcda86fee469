"""What an ability does to its targets, by family (decks.registry.Family): each family of effects is
one module here, and `apply.apply_one` hands an effect to its family by the block its code lies in.

- `damage`: damage and healing, poison, destruction and the attacks an ability makes;
- `status`: keywords and markers gained or lost, for a turn or for good, and turn_choice's forms;
- `movement`: a card pushed, a card brought back from the graveyard;
- `counters`: counters and incarnation tokens;
- `delayed`: delayed abilities that wait for a target (118) and what ends with the turn;
- `strike`: strike effects, played on an attack in its dice window.
"""
