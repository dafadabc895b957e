//! One storage interface for file contents: a local directory by default, S3-compatible object
//! storage for installations with several hosts. Both are `object_store` back ends.

use std::sync::Arc;

use anyhow::Context;
use bytes::Bytes;
use futures::stream::BoxStream;
use futures::StreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{ObjectStore, PutPayload, WriteMultipart};
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

/// Where a business's object lives: `business/<business_id>/<handle>`. Names never appear in
/// keys, so renaming and moving are metadata changes only.
pub fn object_key(business_id: i64, handle: &str) -> String {
    format!("business/{business_id}/{handle}")
}

/// A fresh random handle (32 hex digits): the object's name in storage and in read URLs.
pub fn new_handle() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

impl Storage {
    /// Store a small object in one request (image variants, extracted images).
    pub async fn put_bytes(&self, key: &str, bytes: Bytes) -> anyhow::Result<()> {
        self.store
            .put(&Path::from(key), PutPayload::from_bytes(bytes))
            .await
            .with_context(|| format!("Failed to store object {key}"))?;
        Ok(())
    }

    /// A streaming writer: parts are uploaded as they fill, so a large upload never sits in memory.
    pub async fn writer(&self, key: &str) -> anyhow::Result<ObjectWriter> {
        let upload = self
            .store
            .put_multipart(&Path::from(key))
            .await
            .with_context(|| format!("Failed to start storing object {key}"))?;
        Ok(ObjectWriter { upload: WriteMultipart::new(upload), key: key.to_string() })
    }

    /// The object's size and its content as a stream; `None` when it does not exist.
    pub async fn open(&self, key: &str) -> anyhow::Result<Option<(u64, BoxStream<'static, object_store::Result<Bytes>>)>> {
        match self.store.get(&Path::from(key)).await {
            Ok(result) => Ok(Some((result.meta.size, result.into_stream()))),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(anyhow::Error::new(err).context(format!("Failed to read object {key}"))),
        }
    }

    /// The whole object in memory, refused above `max` bytes; `None` when it does not exist.
    pub async fn read_all(&self, key: &str, max: u64) -> anyhow::Result<Option<Bytes>> {
        let Some((size, mut stream)) = self.open(key).await? else { return Ok(None) };
        anyhow::ensure!(size <= max, "object {key} is {size} bytes, more than the {max} allowed here");
        let mut buf = bytes::BytesMut::with_capacity(size as usize);
        while let Some(chunk) = stream.next().await {
            buf.extend_from_slice(&chunk.with_context(|| format!("Failed to read object {key}"))?);
            anyhow::ensure!(buf.len() as u64 <= max, "object {key} grew beyond {max} bytes");
        }
        Ok(Some(buf.freeze()))
    }

    /// Delete an object; one that is already gone is fine.
    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match self.store.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(anyhow::Error::new(err).context(format!("Failed to delete object {key}"))),
        }
    }

    /// Delete every object under `prefix` (a business's `business/<id>`); how many went.
    pub async fn delete_prefix(&self, prefix: &str) -> anyhow::Result<u64> {
        let prefix = Path::from(prefix);
        let mut listed = self.store.list(Some(&prefix));
        let mut keys = Vec::new();
        while let Some(meta) = listed.next().await {
            keys.push(meta.with_context(|| format!("Failed to list the objects under {prefix}"))?.location);
        }
        for key in &keys {
            self.delete(key.as_ref()).await?;
        }
        Ok(keys.len() as u64)
    }

    /// Delete objects whose rows are gone (or never committed). Failures are logged, not
    /// returned: the call's outcome is already decided, and an orphan object is only wasted space.
    pub async fn discard(&self, keys: &[String]) {
        for key in keys {
            if let Err(err) = self.delete(key).await {
                tracing::warn!(error = ?err, key, "could not delete an object; it is left orphaned");
            }
        }
    }
}

/// An object being written in parts. `finish` makes it visible; `abort` leaves nothing behind.
pub struct ObjectWriter {
    upload: WriteMultipart,
    key: String,
}

impl ObjectWriter {
    pub async fn write(&mut self, chunk: Bytes) -> anyhow::Result<()> {
        // At most two parts in flight: back pressure on the client instead of memory growth.
        self.upload.wait_for_capacity(2).await.with_context(|| format!("Failed to store object {}", self.key))?;
        self.upload.put(chunk);
        Ok(())
    }

    pub async fn finish(self) -> anyhow::Result<()> {
        self.upload.finish().await.with_context(|| format!("Failed to complete object {}", self.key))?;
        Ok(())
    }

    pub async fn abort(self) {
        if let Err(err) = self.upload.abort().await {
            tracing::warn!(error = ?err, key = self.key, "could not abort a partial upload");
        }
    }
}
