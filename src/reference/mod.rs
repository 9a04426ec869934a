//! Reference engines for cross-checks.
