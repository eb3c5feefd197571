"""The learned layer of understanding: a linear classifier over (intent, entity) labels and out-of-scope.

Trained from labelled files at build time (``planbot train``), it judges the goal of each clause together
with the rules (:mod:`.policy`); for goals it has too few examples of it abstains. The modules:

- :mod:`.labels`: the classes it learns (every goal label with enough examples) and how data labels map onto
  them (pure);
- :mod:`.calibration`: the reliability table and ECE of its probabilities (pure);
- :mod:`.data`: the training files and their fingerprint (pure);
- :mod:`.model`: the scikit-learn pipeline (the only module that imports scikit-learn, only to fit);
- :mod:`.linear`: the fitted model as plain numbers, what the artefact holds and the request path runs;
- :mod:`.policy`: how its probabilities and the rules' reading make one reading (pure);
- the policy's thresholds are chosen by cross-validation over the training files in ``devtools.tuning``
  (development tooling, ``python -m devtools.train_cv``: it reads with the whole parser);
- :mod:`.artefact`, :mod:`.train`: building, saving and loading the trained artefact;
- :mod:`.lazy`: the judge the parser uses, loading (or building) the artefact on first use.
"""
