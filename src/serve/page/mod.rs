//! The workbench page's files, compiled into the binary and served at their paths.

/// One file of the page.
pub(crate) struct File {
    /// The path it is served at (`/` for the page itself).
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its content.
    pub body: &'static str,
}

/// Every file of the page.
pub(crate) const FILES: &[File] = &[
    File { path: "/", content_type: "text/html; charset=utf-8", body: include_str!("index.html") },
    File {
        path: "/workbench.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("workbench.css"),
    },
    File {
        path: "/workbench.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("workbench.js"),
    },
];
