//! What a connection keeps between its requests: the compiled rules and warm solver of the
//! puzzle it last saw, and recent answers by puzzle identity.

/// A connection's warm state, used by one job at a time.
#[derive(Debug, Default)]
pub(crate) struct Workspace {}
