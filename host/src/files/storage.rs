//! One storage interface for file contents: a local directory by default, S3-compatible object
//! storage for installations with several hosts. Both are `object_store` back ends.

use std::sync::Arc;

use anyhow::Context;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::ObjectStore;
use secrecy::ExposeSecret;

use crate::config::Config;

#[derive(Clone)]
pub struct Storage {
    pub store: Arc<dyn ObjectStore>,
}

impl Storage {
    pub fn from_config(config: &Config) -> anyhow::Result<Storage> {
        let store: Arc<dyn ObjectStore> = match config.storage.backend.as_str() {
            "s3" => {
                let s = &config.storage;
                let mut builder = AmazonS3Builder::new()
                    .with_bucket_name(s.s3_bucket.clone().context("storage.s3_bucket is required for s3")?);
                if let Some(endpoint) = &s.s3_endpoint {
                    builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://"));
                }
                if let Some(region) = &s.s3_region {
                    builder = builder.with_region(region);
                }
                if let Some(key) = &s.s3_access_key_id {
                    builder = builder.with_access_key_id(key);
                }
                if let Some(secret) = &s.s3_secret_access_key {
                    builder = builder.with_secret_access_key(secret.expose_secret());
                }
                Arc::new(builder.build().context("Invalid S3 storage settings")?)
            }
            _ => {
                let dir = config.data_dir.join("files");
                std::fs::create_dir_all(&dir).with_context(|| format!("Failed to create {}", dir.display()))?;
                Arc::new(LocalFileSystem::new_with_prefix(&dir)?)
            }
        };
        Ok(Storage { store })
    }
}
