"""The runs layer: the dataset runner, the readers and writers, the run store and the summary. It
imports the metrics layer and those below it."""
