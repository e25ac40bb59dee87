"""The pipeline layer: claim extraction, evidence selection, the offline verifiers and the offline
relevancy judge. It imports the layers below it (models, text, core)."""
