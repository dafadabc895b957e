//! The `directory` import: the current business's staff, branches and positions for every plugin,
//! and (interface 0.1.6) its user accounts for a plugin whose manifest says `[directory] manage =
//! true`, such as the employees module. Accounts are the host's (`app_user`): a plugin never sees
//! credentials, devices or permissions, and it changes accounts only as far as its caller could
//! through the host's own `user/*` calls.
//!
//! The host's tables are not in the call's transaction (on SQLite they are another file), so an
//! account write applies at once, in its own transaction with its audit entry, and is recorded in
//! the call's effects: undone if the call fails, followed (sessions closed, a password link mailed)
//! once it commits.

use serde_json::{json, Value};

use super::bindings::latest::volante::plugin::directory;
use super::bindings::latest::volante::plugin::types::{self, Named, NewUserAccount, StaffMember, UserAccount};
use super::host_imports::CallState;
use crate::auth::{password, Session};
use crate::db::{self, Flag};
use crate::error::{codes, ApiError, ApiResult};
use crate::state::AppState;
use crate::{audit, validate};

/// The business's users as `directory` shows them: a name (or the e-mail when there is none),
/// never their credentials or permissions.
const STAFF_COLUMNS: &str = "user_id, branch_id, email, first_name, last_name, is_active";

type StaffRow = (i64, Option<i64>, String, String, String, Flag);

fn staff_member(row: StaffRow) -> StaffMember {
    let (user_id, branch_id, email, first_name, last_name, Flag(active)) = row;
    let name = format!("{} {}", first_name.trim(), last_name.trim()).trim().to_string();
    StaffMember {
        user_id,
        name: if name.is_empty() { email.clone() } else { name },
        email,
        branch_id,
        active,
    }
}

const ACCOUNT_SELECT: &str = "SELECT u.user_id, u.email, u.first_name, u.last_name, u.branch_id, u.role_id,
        COALESCE(r.name, '') AS role, COALESCE(r.is_super, FALSE) AS is_super, u.is_active, u.is_locked
     FROM app_user u LEFT JOIN role r ON r.role_id = u.role_id
     WHERE u.business_id = $1";

type AccountRow = (i64, String, String, String, Option<i64>, Option<i64>, String, Flag, Flag, Flag);

fn account(row: AccountRow) -> UserAccount {
    let (user_id, email, first_name, last_name, branch_id, role_id, role, Flag(is_super), Flag(active), Flag(locked)) = row;
    UserAccount {
        user_id,
        email,
        first_name,
        last_name,
        branch_id,
        role_id,
        role,
        is_super,
        active,
        locked,
    }
}

/// What an account was before the call changed it, to put back if the call fails.
#[derive(Debug, Clone)]
pub struct AccountBefore {
    pub user_id: i64,
    pub first_name: String,
    pub last_name: String,
    pub branch_id: Option<i64>,
    pub active: bool,
    pub locked: bool,
}

/// The account writes of one call (part of its `Effects`).
#[derive(Debug, Default)]
pub struct AccountEffects {
    /// Accounts created: deleted again if the call fails.
    pub created: Vec<i64>,
    /// Accounts changed, as they were (oldest first): restored, newest first, if the call fails.
    pub changed: Vec<AccountBefore>,
    /// Accounts deactivated or locked: their sessions close when the call commits.
    pub closed: Vec<i64>,
    /// Accounts created without a password: mailed a link to choose one when the call commits.
    pub invited: Vec<i64>,
}

impl AccountEffects {
    pub fn absorb(&mut self, other: AccountEffects) {
        self.created.extend(other.created);
        self.changed.extend(other.changed);
        self.closed.extend(other.closed);
        self.invited.extend(other.invited);
    }

    pub async fn settle(self, app: &AppState, business_id: i64, committed: bool) {
        if committed {
            for user_id in self.closed {
                let closed = sqlx::query("UPDATE session SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
                    .bind(db::now())
                    .bind(user_id)
                    .execute(&app.db.pool)
                    .await;
                if let Err(err) = closed {
                    tracing::error!(user_id, error = %err, "sessions of a deactivated account could not be closed");
                }
            }
            for user_id in self.invited {
                if let Err(err) = invite(app, business_id, user_id).await {
                    tracing::error!(user_id, error = ?err, "the new account's password link could not be sent");
                }
            }
            return;
        }
        for before in self.changed.into_iter().rev() {
            let restored = sqlx::query(
                "UPDATE app_user SET first_name = $1, last_name = $2, branch_id = $3, is_active = $4, is_locked = $5, updated_at = $6
                 WHERE user_id = $7 AND business_id = $8",
            )
            .bind(&before.first_name)
            .bind(&before.last_name)
            .bind(before.branch_id)
            .bind(before.active)
            .bind(before.locked)
            .bind(db::now())
            .bind(before.user_id)
            .bind(business_id)
            .execute(&app.db.pool)
            .await;
            if let Err(err) = restored {
                tracing::error!(user_id = before.user_id, error = %err, "an account changed by a failed call could not be restored");
            }
        }
        for user_id in self.created {
            let removed = sqlx::query("DELETE FROM app_user WHERE user_id = $1 AND business_id = $2")
                .bind(user_id)
                .bind(business_id)
                .execute(&app.db.pool)
                .await;
            if let Err(err) = removed {
                tracing::error!(user_id, error = %err, "an account created by a failed call could not be removed");
            }
        }
    }
}

async fn invite(app: &AppState, business_id: i64, user_id: i64) -> anyhow::Result<()> {
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT email, first_name FROM app_user WHERE user_id = $1 AND business_id = $2 AND is_active = TRUE")
            .bind(user_id)
            .bind(business_id)
            .fetch_optional(&app.db.pool)
            .await?;
    if let Some((email, first_name)) = row {
        crate::auth::send_reset_link(app, user_id, &email, &first_name).await?;
    }
    Ok(())
}

/// A refusal for the guest: the envelope's first item (a fault of the host is a trap instead).
fn refusal(err: ApiError) -> wasmtime::Result<types::ErrorItem> {
    match err {
        ApiError::Client(items) => {
            let item = items.into_iter().next().unwrap_or_else(|| crate::error::ErrorItem {
                code: codes::INTERNAL.into(),
                data: Value::Null,
                details: String::new(),
            });
            let data = if item.data.is_null() {
                String::new()
            } else {
                item.data.to_string()
            };
            Ok(types::ErrorItem {
                code: item.code,
                data,
                details: item.details,
            })
        }
        ApiError::Internal(err) => Err(wasmtime::Error::msg(format!("{err:#}"))),
    }
}

/// Settle an import's outcome: a refusal becomes the guest's error, a fault a trap.
fn answer<T>(result: ApiResult<T>) -> wasmtime::Result<Result<T, types::ErrorItem>> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(err) => refusal(err).map(Err),
    }
}

impl CallState {
    /// Who may write accounts in this call: the plugin must declare it, the call must not be a
    /// read, and the caller must hold `employee`.
    fn account_writer(&self) -> ApiResult<&Session> {
        if !self.plugin.manifest.directory.manage {
            return Err(ApiError::new(
                codes::PERMISSION_DENIED,
                "El módulo no declara la gestión de usuarios ([directory] manage)",
            ));
        }
        if self.read_only {
            return Err(ApiError::new(codes::PERMISSION_DENIED, super::host_imports::READ_ONLY));
        }
        let session = self.session.as_ref().ok_or_else(|| ApiError::forbidden("employee"))?;
        session.require("employee")?;
        Ok(session)
    }

    fn app_state(&self) -> ApiResult<AppState> {
        self.app()
            .cloned()
            .map_err(|_| ApiError::Internal(anyhow::anyhow!("the instance has no call yet")))
    }
}

async fn audit(
    plugin: &str,
    session: &Session,
    action: &str,
    user_id: i64,
    detail: Value,
    conn: &mut sqlx::AnyConnection,
) -> ApiResult<()> {
    let mut detail = detail;
    detail["plugin"] = json!(plugin);
    audit::record(
        conn,
        audit::Entry {
            business_id: session.business_id,
            actor_user_id: Some(session.user_id),
            action,
            target_kind: "user",
            target_id: user_id.to_string(),
            detail,
        },
    )
    .await?;
    Ok(())
}

async fn check_branch(business_id: i64, conn: &mut sqlx::AnyConnection, branch_id: Option<i64>) -> ApiResult<()> {
    let Some(branch_id) = branch_id else { return Ok(()) };
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT branch_id FROM branch WHERE branch_id = $1 AND business_id = $2 AND deleted_at IS NULL")
            .bind(branch_id)
            .bind(business_id)
            .fetch_optional(conn)
            .await?;
    match found {
        Some(_) => Ok(()),
        None => Err(ApiError::invalid_field("branch_id", "La sucursal no es de la empresa")),
    }
}

async fn account_before(business_id: i64, conn: &mut sqlx::AnyConnection, user_id: i64) -> ApiResult<AccountBefore> {
    let row: Option<(String, String, Option<i64>, Flag, Flag)> = sqlx::query_as(
        "SELECT first_name, last_name, branch_id, is_active, is_locked FROM app_user WHERE user_id = $1 AND business_id = $2",
    )
    .bind(user_id)
    .bind(business_id)
    .fetch_optional(conn)
    .await?;
    let (first_name, last_name, branch_id, Flag(active), Flag(locked)) = row.ok_or_else(|| ApiError::not_found("Usuario"))?;
    Ok(AccountBefore {
        user_id,
        first_name,
        last_name,
        branch_id,
        active,
        locked,
    })
}

impl CallState {
    async fn create_account_checked(&mut self, new: NewUserAccount) -> ApiResult<i64> {
        let session = self.account_writer()?.clone();
        let app = self.app_state()?;
        let plugin = self.plugin.manifest.plugin.id.clone();
        let email = validate::email("email", &new.email)?;
        let first_name = validate::required("first_name", &new.first_name, 100)?;
        let last_name = validate::optional("last_name", &new.last_name, 150)?;
        let hash = match new.password.as_deref() {
            Some(password) => {
                password::check_policy(password)?;
                Some(password::hash(password).await?)
            }
            None => None,
        };
        let mut tx = app.db.begin().await?;
        check_branch(session.business_id, &mut tx, new.branch_id).await?;
        if let Some(role_id) = new.role_id {
            session.require("employee.permissions")?;
            let role: Option<(Flag,)> = sqlx::query_as("SELECT is_super FROM role WHERE role_id = $1 AND business_id = $2")
                .bind(role_id)
                .bind(session.business_id)
                .fetch_optional(&mut *tx)
                .await?;
            match role {
                None => return Err(ApiError::invalid_field("role_id", "El rol no es de la empresa")),
                Some((Flag(true),)) if !session.is_super => {
                    return Err(ApiError::new(
                        codes::PERMISSION_DENIED,
                        "Solo un usuario con todos los permisos puede dar el rol de dirección",
                    )
                    .with_data(json!({ "field": "role_id" })))
                }
                Some(_) => {}
            }
        }
        let new_user = crate::business::NewUser {
            business_id: session.business_id,
            branch_id: new.branch_id,
            role_id: new.role_id,
            email: email.clone(),
            password_hash: hash.clone(),
            first_name,
            last_name,
        };
        let user_id = match crate::business::create_user(&mut tx, new_user).await {
            Ok(user_id) => user_id,
            Err(crate::business::CreateUserError::EmailExists) => {
                return Err(ApiError::new(codes::EMAIL_EXISTS, "Ya existe un usuario con ese correo electrónico")
                    .with_data(json!({ "field": "email" })))
            }
            Err(crate::business::CreateUserError::Other(err)) => return Err(err.into()),
        };
        audit(
            &plugin,
            &session,
            "user.create",
            user_id,
            json!({ "email": email, "role_id": new.role_id }),
            &mut tx,
        )
        .await?;
        tx.commit().await?;
        self.effects.accounts.created.push(user_id);
        if hash.is_none() {
            self.effects.accounts.invited.push(user_id);
        }
        Ok(user_id)
    }

    async fn update_account_checked(
        &mut self,
        user_id: i64,
        first_name: String,
        last_name: String,
        branch_id: Option<i64>,
    ) -> ApiResult<()> {
        let session = self.account_writer()?.clone();
        let app = self.app_state()?;
        let plugin = self.plugin.manifest.plugin.id.clone();
        let first_name = validate::required("first_name", &first_name, 100)?;
        let last_name = validate::optional("last_name", &last_name, 150)?;
        let mut tx = app.db.begin().await?;
        let before = account_before(session.business_id, &mut tx, user_id).await?;
        check_branch(session.business_id, &mut tx, branch_id).await?;
        sqlx::query("UPDATE app_user SET first_name = $1, last_name = $2, branch_id = $3, updated_at = $4 WHERE user_id = $5")
            .bind(&first_name)
            .bind(&last_name)
            .bind(branch_id)
            .bind(db::now())
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        audit(
            &plugin,
            &session,
            "user.update",
            user_id,
            json!({ "first_name": first_name, "last_name": last_name, "branch_id": branch_id }),
            &mut tx,
        )
        .await?;
        tx.commit().await?;
        self.effects.accounts.changed.push(before);
        Ok(())
    }

    async fn set_account_state_checked(&mut self, user_id: i64, active: bool, locked: bool) -> ApiResult<()> {
        let session = self.account_writer()?.clone();
        let app = self.app_state()?;
        let plugin = self.plugin.manifest.plugin.id.clone();
        if user_id == session.user_id && (!active || locked) {
            return Err(ApiError::new(codes::CONFLICT, "No puede desactivar ni bloquear su propio usuario"));
        }
        let mut tx = app.db.begin().await?;
        let before = account_before(session.business_id, &mut tx, user_id).await?;
        sqlx::query("UPDATE app_user SET is_active = $1, is_locked = $2, updated_at = $3 WHERE user_id = $4")
            .bind(active)
            .bind(locked)
            .bind(db::now())
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        audit(
            &plugin,
            &session,
            "user.state",
            user_id,
            json!({ "active": active, "locked": locked }),
            &mut tx,
        )
        .await?;
        tx.commit().await?;
        if (before.active && !active) || (!before.locked && locked) {
            self.effects.accounts.closed.push(user_id);
        }
        self.effects.accounts.changed.push(before);
        Ok(())
    }

    async fn named(&mut self, statement: &str) -> wasmtime::Result<Vec<Named>> {
        let pool = self.app()?.db.pool.clone();
        let rows: Vec<(i64, String)> = sqlx::query_as(statement).bind(self.ctx.business_id).fetch_all(&pool).await?;
        Ok(rows.into_iter().map(|(id, name)| Named { id, name }).collect())
    }
}

impl directory::Host for CallState {
    async fn staff(&mut self, include_inactive: bool) -> wasmtime::Result<Vec<StaffMember>> {
        let only_active = if include_inactive { "" } else { " AND is_active = TRUE" };
        let rows: Vec<StaffRow> = sqlx::query_as(&format!(
            "SELECT {STAFF_COLUMNS} FROM app_user WHERE business_id = $1{only_active} ORDER BY first_name, last_name, email"
        ))
        .bind(self.ctx.business_id)
        .fetch_all(&self.app()?.db.pool)
        .await?;
        Ok(rows.into_iter().map(staff_member).collect())
    }

    async fn member(&mut self, user_id: i64) -> wasmtime::Result<Option<StaffMember>> {
        let row: Option<StaffRow> = sqlx::query_as(&format!(
            "SELECT {STAFF_COLUMNS} FROM app_user WHERE business_id = $1 AND user_id = $2"
        ))
        .bind(self.ctx.business_id)
        .bind(user_id)
        .fetch_optional(&self.app()?.db.pool)
        .await?;
        Ok(row.map(staff_member))
    }

    async fn branches(&mut self) -> wasmtime::Result<Vec<Named>> {
        self.named("SELECT branch_id, trade_name FROM branch WHERE business_id = $1 AND deleted_at IS NULL ORDER BY trade_name, branch_id")
            .await
    }

    async fn positions(&mut self) -> wasmtime::Result<Vec<Named>> {
        self.named("SELECT position_id, name FROM position WHERE business_id = $1 ORDER BY name, position_id")
            .await
    }

    async fn accounts(&mut self) -> wasmtime::Result<Vec<UserAccount>> {
        let rows: Vec<AccountRow> = sqlx::query_as(&format!("{ACCOUNT_SELECT} ORDER BY u.first_name, u.last_name, u.email"))
            .bind(self.ctx.business_id)
            .fetch_all(&self.app()?.db.pool)
            .await?;
        Ok(rows.into_iter().map(account).collect())
    }

    async fn account(&mut self, user_id: i64) -> wasmtime::Result<Option<UserAccount>> {
        let row: Option<AccountRow> = sqlx::query_as(&format!("{ACCOUNT_SELECT} AND u.user_id = $2"))
            .bind(self.ctx.business_id)
            .bind(user_id)
            .fetch_optional(&self.app()?.db.pool)
            .await?;
        Ok(row.map(account))
    }

    async fn create_account(&mut self, new: NewUserAccount) -> wasmtime::Result<Result<i64, types::ErrorItem>> {
        let result = self.create_account_checked(new).await;
        answer(result)
    }

    async fn update_account(
        &mut self,
        user_id: i64,
        first_name: String,
        last_name: String,
        branch_id: Option<i64>,
    ) -> wasmtime::Result<Result<(), types::ErrorItem>> {
        let result = self.update_account_checked(user_id, first_name, last_name, branch_id).await;
        answer(result)
    }

    async fn set_account_state(&mut self, user_id: i64, active: bool, locked: bool) -> wasmtime::Result<Result<(), types::ErrorItem>> {
        let result = self.set_account_state_checked(user_id, active, locked).await;
        answer(result)
    }
}
