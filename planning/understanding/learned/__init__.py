"""The learned layer of understanding: a linear classifier over (intent, entity) labels and out-of-scope.

Trained from labelled files at build time (``planbot train``), it judges single-clause requests together
with the rules (:mod:`.policy`); for goals it has no examples of it abstains. The modules:

- :mod:`.labels`: the classes it learns and how data labels map onto them (pure);
- :mod:`.data`: the training files and their fingerprint (pure);
- :mod:`.model`: the scikit-learn pipeline (the only module that imports scikit-learn);
- :mod:`.policy`: how its probabilities and the rules' reading make one reading (pure);
- :mod:`.tuning`: the policy's thresholds chosen by cross-validation over the training files;
- :mod:`.artefact`, :mod:`.train`: building, saving and loading the trained artefact;
- :mod:`.lazy`: the judge the parser uses, loading (or building) the artefact on first use.
"""
