/** Test helpers (`@svc/watchlists/testing`): a labelled corpus made up in the repository, for tests and the bench. */
export { generateCorpus, scoreCorpus, type Corpus, type CorpusScores, type LabelledQuery } from './corpus.js';
