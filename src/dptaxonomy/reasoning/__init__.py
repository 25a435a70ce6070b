"""Reasoning, by subject: logic/ (facts, closures, proofs), maps/ (parameter maps), evaluators/."""
