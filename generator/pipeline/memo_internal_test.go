package pipeline

// Every test build makes each remembered page anyway and fails when the
// memo had it otherwise: all the incremental tests check the memo.
func init() { checkMemo = true }
