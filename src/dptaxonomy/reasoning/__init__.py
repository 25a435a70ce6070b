"""Reasoning: facts, closure, the knowledge base, proofs, contradictions, parameter maps."""
