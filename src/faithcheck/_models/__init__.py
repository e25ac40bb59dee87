"""The models layer: the ONNX runtime and the sentence encoder (fp32 and int8). It imports the core and text layers."""
