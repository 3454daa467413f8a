# The grader on lesson 09's exercises: each solution scores full marks, each
# starter 0, each wrong attempt of the corpus loses marks with its message
# (tests/lib-corpus.sh).
. tests/lib-corpus.sh
grader_corpus 09
