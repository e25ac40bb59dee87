"""The metrics layer: the metric protocol and registry, Faithfulness, AnswerRelevancy, their
configurations, manifest, step view and calibration map. It imports the LLM layer and those below
it."""
