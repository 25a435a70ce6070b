"""The logic of the map: facts, closures, rules, proofs, contradictions, witnesses and questions."""
