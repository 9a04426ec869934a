//! The messages of the f-puzzles solver protocol: a request `{nonce, command, dataType, data}`
//! in a JSON text frame, and replies that carry the request's `nonce` and a `type`.

use serde_json::{Map, Value};

/// One request, decoded from a text frame.
#[derive(Clone, Debug)]
pub(crate) struct Request {
    /// The client's tag, echoed in every reply (a number in the userscript; `null` if absent).
    pub nonce: Value,
    /// The command name (`truecandidates`, `solve`, ..., or an extension's).
    pub command: String,
    /// The whole request object, for `dataType`, `data` and any extension's own fields.
    pub fields: Map<String, Value>,
}

impl Request {
    /// Decodes the text of a frame.
    ///
    /// # Errors
    /// An [`Invalid`] saying what is wrong (with the line and column of a JSON syntax error),
    /// and the nonce when one could be read, so that the reply reaches its request.
    pub fn parse(text: &str) -> Result<Request, (Value, Invalid)> {
        let value: Value = serde_json::from_str(text).map_err(|error| {
            let message = format!("expected a JSON request, found invalid JSON: {error}");
            (Value::Null, Invalid::new(message))
        })?;
        let Value::Object(fields) = value else {
            let message =
                format!("expected a JSON object {{nonce, command, ...}}, found `{value}`");
            return Err((Value::Null, Invalid::new(message)));
        };
        let nonce = fields.get("nonce").cloned().unwrap_or(Value::Null);
        let command = match fields.get("command") {
            Some(Value::String(command)) => command.clone(),
            Some(other) => {
                let message = format!("expected `command` to be a string, found `{other}`");
                return Err((nonce, Invalid::new(message)));
            }
            None => return Err((nonce, Invalid::new("expected a `command` field, found none"))),
        };
        Ok(Request { nonce, command, fields })
    }

    /// The field `name` of the request, if present.
    pub fn field(&self, name: &str) -> Option<&Value> {
        self.fields.get(name)
    }

    /// The `data` field as a string (the f-puzzles payload), or why it is not one.
    ///
    /// # Errors
    /// An [`Invalid`] when `data` is missing or not a string.
    pub fn data_text(&self) -> Result<&str, Invalid> {
        match self.field("data") {
            Some(Value::String(data)) => Ok(data),
            Some(other) => Err(Invalid::new(format!(
                "expected `data` to be a string, found `{}`",
                abbreviated(&other.to_string())
            ))),
            None => Err(Invalid::new(format!(
                "expected a `data` field with the puzzle for `{}`, found none",
                self.command
            ))),
        }
    }
}

/// A message to the client: a JSON object with a `type` (the nonce is added when sent).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Reply(Map<String, Value>);

impl Reply {
    /// A reply of type `kind` with no other field yet.
    pub fn new(kind: &str) -> Reply {
        let mut fields = Map::new();
        fields.insert("type".to_string(), Value::from(kind));
        Reply(fields)
    }

    /// The reply with the field `name` set to `value`.
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Reply {
        self.0.insert(name.to_string(), value.into());
        self
    }

    /// The text of the frame that answers the request tagged `nonce`.
    pub fn to_frame(&self, nonce: &Value) -> String {
        let mut fields = self.0.clone();
        fields.insert("nonce".to_string(), nonce.clone());
        Value::Object(fields).to_string()
    }
}

/// Why a request gets `{type: "invalid", message}`: bad input, no solution, a limit reached,
/// or an internal error (then the message says where the bug report was saved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Invalid {
    message: String,
}

impl Invalid {
    /// An `invalid` reply saying `message`.
    pub fn new(message: impl Into<String>) -> Invalid {
        Invalid { message: message.into() }
    }

    /// What the reply says.
    #[cfg(test)]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<Invalid> for Reply {
    fn from(invalid: Invalid) -> Reply {
        Reply::new("invalid").with("message", invalid.message)
    }
}

/// The longest piece of client input quoted in a message.
const QUOTED: usize = 60;

/// `text`, cut to [`QUOTED`] characters with `...` when longer.
pub(crate) fn abbreviated(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_keeps_its_nonce_command_and_fields() {
        let request = Request::parse(r#"{"nonce": 7, "command": "solve", "data": "N4Ig"}"#);
        let request = request.unwrap();
        assert_eq!(request.nonce, Value::from(7));
        assert_eq!(request.command, "solve");
        assert_eq!(request.data_text(), Ok("N4Ig"));
    }

    #[test]
    fn bad_json_says_where() {
        let (nonce, invalid) = Request::parse("{\"nonce\": 1,\n  \"command\" solve}").unwrap_err();
        assert_eq!(nonce, Value::Null);
        assert!(invalid.message().contains("at line 2 column 13"), "{}", invalid.message());
    }

    #[test]
    fn a_missing_command_keeps_the_nonce() {
        let (nonce, invalid) = Request::parse(r#"{"nonce": 3}"#).unwrap_err();
        assert_eq!(nonce, Value::from(3));
        assert_eq!(invalid.message(), "expected a `command` field, found none");
    }

    #[test]
    fn a_reply_carries_the_nonce_and_type() {
        let frame = Reply::new("count").with("count", 2).to_frame(&Value::from(5));
        let value: Value = serde_json::from_str(&frame).unwrap();
        assert_eq!(value, serde_json::json!({"type": "count", "count": 2, "nonce": 5}));
    }

    #[test]
    fn long_input_is_abbreviated() {
        assert_eq!(abbreviated(&"x".repeat(100)), format!("{}...", "x".repeat(60)));
        assert_eq!(abbreviated("short"), "short");
    }
}
