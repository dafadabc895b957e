//! The host side of each import of the interface, on the store's data. Per Spin's convention the
//! outer `wasmtime::Result` is a trap (a host fault), the inner `Result` a value for the guest.

use std::sync::Arc;

use bytes::Bytes;
use wasmtime::StoreLimits;

use super::bindings::latest::volante::plugin::types::{
    AnswerPart, Attachment, BatchAnswer, BatchRead, Context, FileInfo, HeldAnswer, HeldJson, JsonKind, JsonRows, LogLevel, PageRead, PdfMark, PdfMarkKind, SqlRows, SqlValue, StorageSpace,
};
use super::bindings::latest::volante::plugin::{answer, events, files, host, mail, plugins, settings, sql, types};
use super::data::PluginTx;
use super::guard;
use super::Installed;
use crate::auth::Session;
use crate::db::Engine;
use crate::files::stamp::{Mark, MarkKind};
use crate::files::{repo, storage};
use crate::state::AppState;

/// What a call did outside its database transaction, made to follow the call's outcome: events
/// are delivered, deleted files removed and settings saved only when the call commits; files it
/// stored are removed again when it does not. A plugin called by another adds its effects to its
/// caller's (they share one transaction).
#[derive(Debug, Default)]
pub struct Effects {
    /// Events published, delivered after the call commits.
    pub events: Vec<(String, String)>,
    /// Files stored during the call.
    pub files_created: Vec<i64>,
    /// Files the call deleted (they stay until it commits).
    pub files_deleted: Vec<i64>,
    /// `(plugin, key, value)` settings written, saved when the call commits.
    pub settings: Vec<(String, String, String)>,
    /// User accounts created or changed (`directory`, interface 0.1.6).
    pub accounts: super::directory::AccountEffects,
    /// Public links issued, shared or revoked (`links`, interface 0.1.7).
    pub links: super::links::LinkEffects,
    /// Pushes to users' browsers (`realtime`, interface 0.1.8), published when the call commits.
    pub pushes: Vec<crate::realtime::Push>,
    /// Timers set or cancelled (`timers`, interface 0.1.8), written when the call commits.
    pub timers: super::timers::TimerEffects,
    /// Mail composed by `mail.send`, queued and sent when the call commits.
    pub mails: Vec<crate::mail::queue::Queued>,
    /// Failed-attempt keys cleared (`attempts`, interface 0.1.9), forgotten when the call commits.
    pub attempts: super::attempts::AttemptEffects,
}

impl Effects {
    pub fn absorb(&mut self, other: Effects) {
        self.events.extend(other.events);
        self.files_created.extend(other.files_created);
        self.files_deleted.extend(other.files_deleted);
        self.settings.extend(other.settings);
        self.accounts.absorb(other.accounts);
        self.links.absorb(other.links);
        self.pushes.extend(other.pushes);
        self.timers.absorb(other.timers);
        self.mails.extend(other.mails);
        self.attempts.absorb(other.attempts);
    }

    /// Apply what a committed call did, or undo what a failed one left. Failures are logged: the
    /// call's own answer is already decided.
    pub async fn settle(self, app: &AppState, business_id: i64, committed: bool) {
        self.accounts.settle(app, business_id, committed).await;
        self.links.settle(app, business_id, committed).await;
        self.timers.settle(app, business_id, committed).await;
        self.attempts.settle(app, business_id, committed).await;
        if committed && !self.mails.is_empty() {
            crate::mail::queue::enqueue_and_send(app, business_id, self.mails).await;
        }
        if committed && !self.pushes.is_empty() {
            app.realtime.publish(&app.db, self.pushes).await;
        }
        let files = if committed { &self.files_deleted } else { &self.files_created };
        for file_id in files {
            if let Err(err) = remove_file(app, business_id, *file_id).await {
                tracing::error!(file_id, error = %err, committed, "plugin file could not be settled");
            }
        }
        if committed {
            for (plugin, key, value) in &self.settings {
                let saved = sqlx::query(
                    "INSERT INTO plugin_setting (business_id, plugin_id, key, value, updated_at) VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (business_id, plugin_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                )
                .bind(business_id)
                .bind(plugin)
                .bind(key)
                .bind(value)
                .bind(crate::db::now())
                .execute(&app.db.pool)
                .await;
                if let Err(err) = saved {
                    tracing::error!(plugin, key, error = %err, "plugin setting could not be saved");
                }
            }
        }
    }
}

pub(super) const READ_ONLY: &str = "Esta llamada es de solo lectura: no puede modificar datos";

/// Remove a business's file: its row, its bytes in the quota and its object in storage.
pub(crate) async fn remove_file(app: &AppState, business_id: i64, file_id: i64) -> crate::error::ApiResult<()> {
    let mut tx = app.db.begin().await?;
    let Some(row) = repo::file_by_id(&mut tx, business_id, file_id).await? else { return Ok(()) };
    sqlx::query("DELETE FROM file WHERE file_id = $1 AND business_id = $2").bind(file_id).bind(business_id).execute(&mut *tx).await?;
    repo::release(&mut tx, business_id, row.size).await?;
    tx.commit().await?;
    let _ = app.storage.store.delete(&object_store::path::Path::from(row.storage_key.as_str())).await;
    Ok(())
}

/// The data of one call's store.
pub struct CallState {
    /// None only in an instance made ahead of its call (`ready.rs`), which holds no state of
    /// the host until its call starts.
    app: Option<AppState>,
    pub plugin: Arc<Installed>,
    pub session: Option<Session>,
    pub ctx: Context,
    /// The call's transaction; lent to a callee plugin during `plugins.call`.
    pub tx: Option<PluginTx>,
    /// The call's transaction while it is still opening: the guest starts meanwhile, and the
    /// first import that needs the transaction waits for it (`CallState::transaction`).
    pub opening: Option<futures::future::BoxFuture<'static, anyhow::Result<PluginTx>>>,
    /// Why the call's transaction could not open, for the call's answer.
    pub open_error: Option<anyhow::Error>,
    pub limits: StoreLimits,
    /// What the call did outside its transaction (events, files, settings).
    pub effects: Effects,
    /// Nesting of `plugins.call`.
    pub depth: u32,
    /// The route is declared read-only: writes are refused.
    pub read_only: bool,
    /// Time spent in SQL imports so far (the rest of a call's time is the guest's own).
    pub sql_time: std::time::Duration,
    /// When the call's first SQL import started and its last one ended.
    pub sql_span: Option<(std::time::Instant, std::time::Instant)>,
    /// This is a `handle` call, which may answer in parts (`answer.respond`).
    pub answering: bool,
    /// Rows written as JSON and held for the answer (`sql.query-batch-held`), by handle.
    pub held: Vec<String>,
    /// The answer given in parts, if the guest gave one.
    pub answer: Option<Vec<AnswerPart>>,
    /// The page the host reads for the answer once the guest has returned (`answer.respond-page`).
    pub page: Option<super::answer::PageStatements>,
    /// The customer's reference a storefront call presented beside its web-api key, checked
    /// (`links.presented`).
    pub presented: Option<String>,
}

impl CallState {
    pub fn new(app: AppState, plugin: Arc<Installed>, session: Option<Session>, ctx: Context, tx: Option<PluginTx>, depth: u32) -> CallState {
        CallState { app: Some(app), session, tx, depth, ..CallState::waiting(plugin, ctx) }
    }

    /// The state of an instance made ahead of its call: no host state, no session, no
    /// transaction; every import that needs them fails until the call's state replaces it.
    pub fn waiting(plugin: Arc<Installed>, ctx: Context) -> CallState {
        CallState {
            app: None,
            plugin,
            session: None,
            ctx,
            tx: None,
            opening: None,
            open_error: None,
            limits: StoreLimits::default(),
            effects: Effects::default(),
            depth: 0,
            read_only: false,
            sql_time: std::time::Duration::ZERO,
            sql_span: None,
            answering: false,
            held: Vec::new(),
            answer: None,
            page: None,
            presented: None,
        }
    }

    /// The call's transaction, waiting for it to open if it still is. If it cannot open, the
    /// import fails and the call answers with the reason (`Plugins::handle`).
    pub async fn transaction(&mut self) -> Result<&mut PluginTx, String> {
        if let Some(opening) = self.opening.take() {
            match opening.await {
                Ok(tx) => self.tx = Some(tx),
                Err(err) => self.open_error = Some(err),
            }
        }
        self.tx.as_mut().ok_or_else(|| "No hay transacción activa".to_string())
    }

    pub(super) fn app(&self) -> wasmtime::Result<&AppState> {
        self.app.as_ref().ok_or_else(|| wasmtime::Error::msg("the instance has no call yet"))
    }

    /// Where Volante is reached from outside, without a trailing slash (`host.public-url`, and
    /// mail templates' `public_url`).
    fn public_url(&self) -> String {
        self.app().map(|a| a.config.public_url.trim_end_matches('/').to_string()).unwrap_or_default()
    }

    async fn run_sql(&mut self, statement: &str, params: Vec<SqlValue>, write: bool) -> Result<Result<SqlRows, u64>, String> {
        let started = std::time::Instant::now();
        let result = self.run_sql_inner(statement, params, write).await;
        let elapsed = started.elapsed();
        self.sql_time += elapsed;
        self.sql_span = Some((self.sql_span.map_or(started, |(first, _)| first), started + elapsed));
        self.plugin.meters.sql.record(elapsed.as_secs_f64());
        result
    }

    async fn run_sql_inner(&mut self, statement: &str, params: Vec<SqlValue>, write: bool) -> Result<Result<SqlRows, u64>, String> {
        let (sql, params) = self.check(statement, params, write)?;
        run_checked(self.transaction().await?, &sql, params, write).await
    }

    /// `statement` as the plugin may run it: through the statement guard, no write on a
    /// read-only route, and only reads through `query`. Gives the statement and parameters to
    /// run (on PostgreSQL, with null parameters written inline).
    fn check(&self, statement: &str, params: Vec<SqlValue>, write: bool) -> Result<(String, Vec<SqlValue>), String> {
        let guard_started = std::time::Instant::now();
        let plugins = &self.app().map_err(|e| e.to_string())?.plugins;
        let engine = plugins.data.engine();
        let allowed = guard::Allowed { prefix: &self.plugin.table_prefix, read_only: &self.plugin.read_grants };
        let (kind, parsed) = plugins.guard_cache.check(engine, statement, &allowed)?;
        metrics::histogram!("volante_plugin_guard_seconds").record(guard_started.elapsed().as_secs_f64());
        if self.read_only && kind == guard::Kind::Write {
            return Err(READ_ONLY.into());
        }
        if !write && kind == guard::Kind::Write && !statement.to_lowercase().contains("returning") {
            return Err("Use execute para sentencias que modifican datos".into());
        }
        Ok(if engine == Engine::Postgres && params.iter().any(|p| matches!(p, SqlValue::Null)) {
            let nulls: Vec<bool> = params.iter().map(|p| matches!(p, SqlValue::Null)).collect();
            let (sql, kept) = guard::inline_nulls(&parsed, &nulls);
            let params = kept.into_iter().map(|i| params[i].clone()).collect();
            (sql, params)
        } else {
            (statement.to_string(), params)
        })
    }
}

/// Run a statement [`CallState::check`] gave, in `tx`: its rows, or (`write`) how many rows it
/// changed. A database error is given as the database's message.
pub async fn run_checked(tx: &mut PluginTx, sql: &str, params: Vec<SqlValue>, write: bool) -> Result<Result<SqlRows, u64>, String> {
    let db_started = std::time::Instant::now();
    let result = if write { tx.execute(sql, params).await.map(Err) } else { tx.query(sql, params).await.map(Ok) };
    metrics::histogram!("volante_plugin_sql_database_seconds").record(db_started.elapsed().as_secs_f64());
    result.map_err(|err| match err {
        sqlx::Error::Database(db) => db.message().to_string(),
        other => other.to_string(),
    })
}

impl types::Host for CallState {}

impl sql::Host for CallState {
    async fn query(&mut self, statement: String, params: Vec<SqlValue>) -> wasmtime::Result<Result<SqlRows, String>> {
        Ok(self.run_sql(&statement, params, false).await.map(|r| r.unwrap_or_else(|_| SqlRows { columns: vec![], rows: vec![] })))
    }

    async fn execute(&mut self, statement: String, params: Vec<SqlValue>) -> wasmtime::Result<Result<u64, String>> {
        Ok(self.run_sql(&statement, params, true).await.map(|r| r.err().unwrap_or(0)))
    }

    async fn query_json(&mut self, statement: String, params: Vec<SqlValue>, kinds: Vec<(String, JsonKind)>) -> wasmtime::Result<Result<JsonRows, String>> {
        Ok(self.query_json_rows(&statement, params, &kinds).await)
    }

    async fn query_batch(&mut self, reads: Vec<BatchRead>) -> wasmtime::Result<Result<Vec<BatchAnswer>, String>> {
        let mut answers = Vec::with_capacity(reads.len());
        for read in reads {
            let answer = match read.json {
                Some(kinds) => self.query_json_rows(&read.statement, read.params, &kinds).await.map(BatchAnswer::Json),
                None => self.query(read.statement, read.params).await?.map(BatchAnswer::Rows),
            };
            match answer {
                Ok(answer) => answers.push(answer),
                Err(err) => return Ok(Err(err)),
            }
        }
        Ok(Ok(answers))
    }

    async fn query_batch_held(&mut self, reads: Vec<BatchRead>) -> wasmtime::Result<Result<Vec<HeldAnswer>, String>> {
        // The batch as `query-batch` runs it, its JSON answers then kept in the host.
        let answers = match self.query_batch(reads).await? {
            Ok(answers) => answers,
            Err(err) => return Ok(Err(err)),
        };
        Ok(answers
            .into_iter()
            .map(|answer| match answer {
                BatchAnswer::Rows(rows) => Ok(HeldAnswer::Rows(rows)),
                BatchAnswer::Json(rows) => self.hold(rows).map(HeldAnswer::Held),
            })
            .collect())
    }
}

impl answer::Host for CallState {
    async fn respond(&mut self, parts: Vec<AnswerPart>) -> wasmtime::Result<Result<(), String>> {
        if !self.answering {
            return Ok(Err("Solo se responde por partes a una llamada a handle".into()));
        }
        let max = self.app()?.plugins.limits.max_response_bytes;
        Ok(super::answer::check(&parts, &self.held, max).map(|()| {
            self.page = None;
            self.answer = Some(parts);
        }))
    }

    async fn respond_page(&mut self, read: PageRead) -> wasmtime::Result<Result<(), String>> {
        if !self.answering {
            return Ok(Err("Solo se responde con una página a una llamada a handle".into()));
        }
        if read.page == 0 || read.per_page == 0 {
            return Ok(Err("La página y las filas por página empiezan en 1".into()));
        }
        let Some(kinds) = read.items.json else {
            return Ok(Err("Las filas de la página se leen como JSON (items.json)".into()));
        };
        // Checked now, so a refusal reaches the guest; only the database can fail later.
        let checked = self.check(&read.total.statement, read.total.params, false).and_then(|total| {
            let items = self.check(&read.items.statement, read.items.params, false)?;
            Ok(super::answer::PageStatements { total, items, kinds, page: read.page, per_page: read.per_page })
        });
        Ok(checked.map(|page| {
            self.answer = None;
            self.page = Some(page);
        }))
    }
}

impl CallState {
    /// Keep `rows` for the answer (`answer::hold`).
    fn hold(&mut self, rows: JsonRows) -> Result<HeldJson, String> {
        let max = self.app().map_err(|e| e.to_string())?.plugins.limits.max_response_bytes;
        let handle = super::answer::hold(&mut self.held, rows.json, max)?;
        Ok(HeldJson { count: rows.count, handle })
    }

    /// `sql.query-json` (also one read of `sql.query-batch`).
    async fn query_json_rows(&mut self, statement: &str, params: Vec<SqlValue>, kinds: &[(String, JsonKind)]) -> Result<JsonRows, String> {
        match self.run_sql(statement, params, false).await {
            Ok(Ok(rows)) => super::json_rows::rows_json(&rows.columns, &rows.rows, kinds).map(|json| JsonRows { count: rows.rows.len() as u32, json }),
            Ok(Err(_)) => Ok(JsonRows { count: 0, json: "[]".into() }),
            Err(err) => Err(err),
        }
    }
}

fn file_info(row: &repo::FileRow) -> FileInfo {
    FileInfo { file_id: row.file_id, name: row.name.clone(), size: row.size as u64, content_type: row.content_type.clone() }
}

impl CallState {
    /// Store `bytes` as a new file of the call's business in the folder `folder` (created at
    /// the root when missing): the signed-in user's, or, on a public link's call, the
    /// business's own with no author.
    async fn store_file(&mut self, folder: &str, name: &str, content_type: &str, bytes: Vec<u8>) -> wasmtime::Result<Result<FileInfo, String>> {
        if self.read_only {
            return Ok(Err(READ_ONLY.into()));
        }
        let business_id = self.ctx.business_id;
        if business_id == 0 {
            return Ok(Err("Sin empresa no hay gestor documental".into()));
        }
        let name = match crate::files::names::check("name", name) {
            Ok(name) => name,
            Err(err) => return Ok(Err(err.to_string())),
        };
        let session = self.session.clone();
        let handle = storage::new_handle();
        let key = storage::object_key(business_id, &handle);
        let size = bytes.len() as i64;
        let app = self.app()?.clone();
        let result: crate::error::ApiResult<repo::FileRow> = async {
            let mut tx = app.db.begin().await?;
            repo::reserve(&mut tx, business_id, size).await?;
            let folder = match &session {
                Some(session) => repo::ensure_folder(&mut tx, session, None, folder).await?,
                None => repo::ensure_business_folder(&mut tx, business_id, None, folder, None).await?,
            };
            let name = crate::files::api::free_name(&mut tx, business_id, folder.folder_id, &name).await?;
            app.storage.put_bytes(&key, Bytes::from(bytes)).await?;
            let row = repo::insert_file(
                &mut tx,
                repo::NewFile {
                    business_id,
                    folder_id: Some(folder.folder_id),
                    name: &name,
                    size,
                    content_type,
                    handle: &handle,
                    storage_key: &key,
                    is_public: false,
                    created_by: session.as_ref().map(|s| s.user_id),
                },
            )
            .await?;
            tx.commit().await?;
            Ok(row)
        }
        .await;
        Ok(match result {
            Ok(row) => {
                self.effects.files_created.push(row.file_id);
                Ok(file_info(&row))
            }
            Err(err) => {
                let _ = app.storage.store.delete(&object_store::path::Path::from(key.as_str())).await;
                Err(err.to_string())
            }
        })
    }

    /// The bytes of the business's file `file_id`, up to `max` bytes.
    async fn file_bytes(&mut self, file_id: i64, max: i64) -> wasmtime::Result<Result<Vec<u8>, String>> {
        if self.effects.files_deleted.contains(&file_id) {
            return Ok(Err("Archivo no encontrado".into()));
        }
        let mut conn = self.app()?.db.pool.acquire().await?;
        let Some(row) = repo::file_by_id(&mut conn, self.ctx.business_id, file_id).await.ok().flatten() else {
            return Ok(Err("Archivo no encontrado".into()));
        };
        if row.size > max {
            return Ok(Err("Archivo demasiado grande para un plugin".into()));
        }
        let data = self.app()?.storage.store.get(&object_store::path::Path::from(row.storage_key.as_str())).await?;
        Ok(Ok(data.bytes().await?.to_vec()))
    }
}

impl files::Host for CallState {
    async fn space(&mut self) -> wasmtime::Result<Result<StorageSpace, String>> {
        let business_id = self.ctx.business_id;
        if business_id == 0 {
            return Ok(Err("Sin empresa no hay gestor documental".into()));
        }
        let app = self.app()?.clone();
        let usage = match async { repo::usage(&mut *app.db.pool.acquire().await?, business_id).await }.await {
            Ok(usage) => usage,
            Err(err) => return Err(wasmtime::Error::msg(format!("reading the storage's usage: {err:?}"))),
        };
        Ok(Ok(StorageSpace {
            quota_bytes: usage.quota.max(0) as u64,
            used_bytes: usage.used.max(0) as u64,
            max_upload_bytes: app.config.storage.max_upload_bytes,
        }))
    }

    async fn put(&mut self, folder: String, name: String, content_type: String, bytes: Vec<u8>) -> wasmtime::Result<Result<FileInfo, String>> {
        self.store_file(&folder, &name, &content_type, bytes).await
    }

    async fn stamp_pdf(&mut self, file_id: i64, marks: Vec<PdfMark>, folder: String, name: String) -> wasmtime::Result<Result<FileInfo, String>> {
        if self.read_only {
            return Ok(Err(READ_ONLY.into()));
        }
        let pdf = match self.file_bytes(file_id, 32 << 20).await? {
            Ok(pdf) => pdf,
            Err(err) => return Ok(Err(err)),
        };
        let mut stamps = Vec::with_capacity(marks.len());
        for mark in marks {
            let what = match mark.what {
                PdfMarkKind::Text(t) => MarkKind::Text { text: t.text, size: t.size },
                PdfMarkKind::Image(i) => match self.file_bytes(i.file_id, 8 << 20).await? {
                    Ok(bytes) => MarkKind::Image { bytes, width: i.width },
                    Err(err) => return Ok(Err(err)),
                },
            };
            stamps.push(Mark { page: mark.page, x: mark.x, y: mark.y, what });
        }
        let stamped = tokio::task::spawn_blocking(move || crate::files::stamp::stamp(&pdf, &stamps)).await?;
        match stamped {
            Ok(bytes) => self.store_file(&folder, &name, "application/pdf", bytes).await,
            Err(err) => Ok(Err(err.to_string())),
        }
    }

    async fn get(&mut self, file_id: i64) -> wasmtime::Result<Result<Vec<u8>, String>> {
        self.file_bytes(file_id, 32 << 20).await
    }

    async fn info(&mut self, file_id: i64) -> wasmtime::Result<Result<FileInfo, String>> {
        if self.effects.files_deleted.contains(&file_id) {
            return Ok(Err("Archivo no encontrado".into()));
        }
        let mut conn = self.app()?.db.pool.acquire().await?;
        Ok(match repo::file_by_id(&mut conn, self.ctx.business_id, file_id).await.ok().flatten() {
            Some(row) => Ok(file_info(&row)),
            None => Err("Archivo no encontrado".into()),
        })
    }

    async fn delete(&mut self, file_id: i64) -> wasmtime::Result<Result<(), String>> {
        if self.read_only {
            return Ok(Err(READ_ONLY.into()));
        }
        if self.effects.files_deleted.contains(&file_id) {
            return Ok(Err("Archivo no encontrado".into()));
        }
        let mut conn = self.app()?.db.pool.acquire().await?;
        if repo::file_by_id(&mut conn, self.ctx.business_id, file_id).await.ok().flatten().is_none() {
            return Ok(Err("Archivo no encontrado".into()));
        }
        // Removed when the call commits; until then the call no longer sees it.
        self.effects.files_deleted.push(file_id);
        Ok(Ok(()))
    }
}

impl mail::Host for CallState {
    async fn send(
        &mut self,
        to: Vec<String>,
        subject_template: String,
        body_template: String,
        context_json: String,
        attachments: Vec<Attachment>,
    ) -> wasmtime::Result<Result<(), String>> {
        // Templates may use `public_url`, where Volante is reached (links to its pages).
        let context_json = match serde_json::from_str::<serde_json::Value>(&context_json) {
            Ok(serde_json::Value::Object(mut map)) => {
                map.entry("public_url").or_insert_with(|| self.public_url().into());
                serde_json::Value::Object(map).to_string()
            }
            _ => context_json,
        };
        // Rendered on a blocking thread: host functions run on the guest's fiber stack, where the
        // template parser's stack check (it measures the thread's stack) refuses to work.
        let rendered = tokio::task::spawn_blocking(move || {
            crate::mail::render_inline(&subject_template, &body_template, &context_json)
        })
        .await?;
        let (subject, body) = match rendered {
            Ok(rendered) => rendered,
            Err(reason) => {
                tracing::warn!(plugin = %self.plugin.manifest.plugin.id, %reason, "plugin mail refused");
                return Ok(Err(reason));
            }
        };
        if to.is_empty() || to.len() > MAX_RECIPIENTS {
            return Ok(Err(format!("Entre 1 y {MAX_RECIPIENTS} destinatarios")));
        }
        if self.effects.mails.len() + to.len() > MAX_MAILS_PER_CALL {
            return Ok(Err(format!("Una llamada puede enviar como mucho {MAX_MAILS_PER_CALL} correos")));
        }
        // Dressed in the business's default layout, if it has one.
        let layout = if self.ctx.business_id == 0 {
            None
        } else {
            match crate::mail::layout::default_for(self.app()?, self.ctx.business_id).await {
                Ok(layout) => layout,
                Err(err) => {
                    tracing::error!(plugin = %self.plugin.manifest.plugin.id, error = %err, "the business's mail layout could not be read");
                    return Ok(Err("No se ha podido leer la plantilla de correo de la empresa".into()));
                }
            }
        };
        // Composed now, so a bad address is this call's error; sent only once the call commits.
        let source = self.plugin.manifest.plugin.id.clone();
        let mut composed = Vec::with_capacity(to.len());
        for recipient in &to {
            let attachments = attachments
                .iter()
                .map(|a| crate::mail::Attachment { filename: a.filename.clone(), content_type: a.content_type.clone(), bytes: a.bytes.clone() })
                .collect();
            match self.app()?.mail.compose(recipient, &subject, &body, attachments, layout.as_ref()) {
                Ok(mail) => composed.push(crate::mail::queue::Queued { source: source.clone(), mail }),
                Err(err) => {
                    tracing::info!(plugin = %source, error = ?err, "plugin mail refused");
                    return Ok(Err(format!("No se puede enviar el correo a «{recipient}»: la dirección o un adjunto no es válido")));
                }
            }
        }
        self.effects.mails.extend(composed);
        Ok(Ok(()))
    }
}

/// Recipients of one `mail.send`.
const MAX_RECIPIENTS: usize = 50;
/// Messages one call may send (a message per recipient).
const MAX_MAILS_PER_CALL: usize = 200;

impl events::Host for CallState {
    async fn publish(&mut self, name: String, payload_json: String) -> wasmtime::Result<Result<(), String>> {
        if !self.plugin.manifest.events.publishes.contains(&name) {
            return Ok(Err(format!("El manifiesto no declara el evento {name}")));
        }
        if serde_json::from_str::<serde_json::Value>(&payload_json).is_err() {
            return Ok(Err("La carga del evento no es JSON".into()));
        }
        self.effects.events.push((name, payload_json));
        Ok(Ok(()))
    }
}

impl plugins::Host for CallState {
    async fn call(&mut self, plugin_id: String, function: String, args_json: String) -> wasmtime::Result<Result<String, String>> {
        let declared = format!("{plugin_id}/{function}");
        if !self.plugin.manifest.calls.contains(&declared) {
            return Ok(Err(format!("El manifiesto no declara la llamada {declared}")));
        }
        if self.depth >= 4 {
            return Ok(Err("Demasiadas llamadas anidadas entre plugins".into()));
        }
        let Some(callee) = self.app()?.plugins.installed(&plugin_id).await else {
            return Ok(Err(format!("El plugin {plugin_id} no está instalado")));
        };
        if !callee.manifest.exports.contains(&function) {
            return Ok(Err(format!("El plugin {plugin_id} no exporta {function}")));
        }
        if !callee.manifest.services.iter().any(|s| self.ctx.services.contains(&s.id)) {
            return Ok(Err(format!("El servicio de {plugin_id} no está activo")));
        }
        // The callee works inside the caller's transaction (one call, one transaction).
        if let Err(err) = self.transaction().await {
            return Ok(Err(err));
        }
        let tx = self.tx.take().ok_or_else(|| wasmtime::Error::msg("transaction missing during a plugin call"))?;
        let app = self.app()?.clone();
        let (result, tx, effects) =
            app.plugins.invoke(&app, callee, self.session.clone(), self.ctx.clone(), tx, &function, &args_json, self.depth + 1, self.read_only, &self.plugin.manifest.plugin.id).await;
        self.tx = tx;
        // The callee's writes share this call's transaction, so its other effects follow it too.
        self.effects.absorb(effects);
        Ok(result)
    }
}

impl settings::Host for CallState {
    async fn get(&mut self, key: String) -> wasmtime::Result<Option<String>> {
        let plugin = &self.plugin.manifest.plugin.id;
        if let Some((_, _, value)) = self.effects.settings.iter().find(|(p, k, _)| p == plugin && *k == key) {
            return Ok(Some(value.clone()));
        }
        let value: Option<(String,)> =
            sqlx::query_as("SELECT value FROM plugin_setting WHERE business_id = $1 AND plugin_id = $2 AND key = $3")
                .bind(self.ctx.business_id)
                .bind(&self.plugin.manifest.plugin.id)
                .bind(&key)
                .fetch_optional(&self.app()?.db.pool)
                .await?;
        Ok(value.map(|(v,)| v))
    }

    async fn set(&mut self, key: String, value_json: String) -> wasmtime::Result<Result<(), String>> {
        if self.read_only {
            return Ok(Err(READ_ONLY.into()));
        }
        if key.is_empty() || key.len() > 100 {
            return Ok(Err("Clave no válida".into()));
        }
        if serde_json::from_str::<serde_json::Value>(&value_json).is_err() || value_json.len() > 64 * 1024 {
            return Ok(Err("El valor debe ser JSON de hasta 64 KiB".into()));
        }
        // Saved when the call commits; the call itself reads it back at once.
        let plugin = self.plugin.manifest.plugin.id.clone();
        self.effects.settings.retain(|(p, k, _)| !(*p == plugin && *k == key));
        self.effects.settings.push((plugin, key, value_json));
        Ok(Ok(()))
    }
}

impl host::Host for CallState {
    async fn now(&mut self) -> wasmtime::Result<String> {
        Ok(crate::db::now())
    }

    async fn public_url(&mut self) -> wasmtime::Result<String> {
        Ok(CallState::public_url(self))
    }

    async fn random_bytes(&mut self, len: u32) -> wasmtime::Result<Vec<u8>> {
        use rand::RngCore;
        let mut bytes = vec![0u8; len.min(1 << 16) as usize];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Ok(bytes)
    }

    async fn log(&mut self, level: LogLevel, message: String) -> wasmtime::Result<()> {
        let plugin = &self.plugin.manifest.plugin.id;
        let message: String = message.chars().take(4000).collect();
        match level {
            LogLevel::Trace => tracing::trace!(plugin, "{message}"),
            LogLevel::Debug => tracing::debug!(plugin, "{message}"),
            LogLevel::Info => tracing::info!(plugin, "{message}"),
            LogLevel::Warn => tracing::warn!(plugin, "{message}"),
            LogLevel::Error => tracing::error!(plugin, "{message}"),
        }
        Ok(())
    }
}
