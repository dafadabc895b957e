//! The biometric terminal's PIN of each employee: six digits, unique in the business, made on
//! first read and renewed on request.

use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, resource};

use crate::Employee;

/// How many random PINs to try before giving up (a business would need close to a million
/// employees for them all to clash).
const ATTEMPTS: usize = 50;

pub fn exists(ctx: &Ctx, employee_id: i64) -> Result<bool> {
    Ok(stored(ctx, employee_id)?.is_some())
}

fn stored(ctx: &Ctx, employee_id: i64) -> Result<Option<String>> {
    #[derive(Deserialize)]
    struct Stored {
        pin: String,
    }
    let rows: Vec<Stored> = sql::query_as(
        "SELECT pin FROM employees_pin WHERE business_id = $1 AND employee_id = $2",
        &params![ctx.business_id, employee_id],
    )?;
    Ok(rows.into_iter().next().map(|row| row.pin))
}

/// Six random digits, from the host's randomness, without the bias of a plain modulo.
fn random_pin() -> String {
    loop {
        let bytes = host::random_bytes(4);
        let n = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        // 4_294_000_000 is the largest multiple of 1_000_000 that fits: above it, draw again.
        if n < 4_294_000_000 {
            return format!("{:06}", n % 1_000_000);
        }
    }
}

/// Store a new PIN for the employee (replacing theirs).
fn make(ctx: &Ctx, employee_id: i64) -> Result<String> {
    sql::execute("DELETE FROM employees_pin WHERE business_id = $1 AND employee_id = $2", &params![ctx.business_id, employee_id])?;
    for _ in 0..ATTEMPTS {
        let pin = random_pin();
        let taken: i64 = sql::query_scalar(
            "SELECT COUNT(*) FROM employees_pin WHERE business_id = $1 AND pin = $2",
            &params![ctx.business_id, pin.clone()],
        )?;
        if taken == 0 {
            sql::execute(
                "INSERT INTO employees_pin (business_id, employee_id, pin, created_at) VALUES ($1, $2, $3, $4)",
                &params![ctx.business_id, employee_id, pin.clone(), host::now()],
            )?;
            return Ok(pin);
        }
    }
    Err(Error::conflict("No se pudo generar un PIN libre; inténtelo de nuevo"))
}

/// The employee `id` as the caller may see them, not deleted.
fn employee(ctx: &Ctx, id: i64) -> Result<i64> {
    let record = resource::find::<Employee>(ctx, id)?;
    if record.state == "deleted" {
        return Err(Error::conflict("El empleado está eliminado"));
    }
    Ok(record.id)
}

#[derive(Deserialize)]
struct IdQuery {
    id: i64,
}

/// `GET employee/pinbiometric?id=`: `{employee_id, pin}`, the PIN made on first read.
pub fn read(ctx: &Ctx, req: &Req) -> Result<Value> {
    let q: IdQuery = req.query()?;
    let id = employee(ctx, q.id)?;
    let pin = match stored(ctx, id)? {
        Some(pin) => pin,
        None => make(ctx, id)?,
    };
    Ok(json!({ "employee_id": id, "pin": pin }))
}

/// `POST employee/pinbiometric/renew` `{id}`: a new PIN.
pub fn renew(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id = resource::body_id(&resource::object(req.value()?)?)?;
    let id = employee(ctx, id)?;
    let pin = make(ctx, id)?;
    Ok(json!({ "employee_id": id, "pin": pin }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rejection_bound_is_a_multiple_of_a_million_within_u32() {
        assert_eq!(4_294_000_000u64 % 1_000_000, 0);
        assert!(4_294_000_000u64 + 1_000_000 > u32::MAX as u64);
    }
}
