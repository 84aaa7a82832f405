//! A request's JSON body, read by axum's own extractor, its refusals told in the API's words
//! (see [`ApiError`]).

use super::error::ApiError;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

/// A JSON body of type `T`.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Body<T>, ApiError> {
        let axum::Json(value) = axum::Json::<T>::from_request(request, state).await?;
        Ok(Body(value))
    }
}
