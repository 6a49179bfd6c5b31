//! The server's error answers: a status and `{"error": ..., "where":
//! ...}`, the one shape every endpoint and layer answers errors in.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// An error answer: its status and `{"error": ..., "where": ...}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    error: String,
    at: Option<String>,
}

impl ApiError {
    /// An error with `status` and message `error`.
    pub(crate) fn new(status: StatusCode, error: impl ToString) -> ApiError {
        ApiError {
            status,
            error: error.to_string(),
            at: None,
        }
    }

    /// The same error, saying which field or place it is about.
    pub(crate) fn at(mut self, place: impl ToString) -> ApiError {
        self.at = Some(place.to_string());
        self
    }

    /// The same error about `to` if it was about `from`.
    pub(crate) fn moved(mut self, from: &str, to: &str) -> ApiError {
        if self.at.as_deref() == Some(from) {
            self.at = Some(to.to_string());
        }
        self
    }

    pub(crate) fn bad(error: impl ToString, place: &str) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, error).at(place)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.error, "where": self.at });
        (self.status, json(body.to_string())).into_response()
    }
}

/// A JSON answer from its text.
pub(crate) fn json(text: String) -> Response {
    let mut response = text.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}
