//! `course/send/information`: the course's information mailed to its students (its name, dates,
//! hours, where it is held and its sessions), each student with a mail of their own.

use volante_plugin_sdk::mail;
use volante_plugin_sdk::prelude::*;

use crate::course::{contacts, find_open, Modality};
use crate::{session, spanish_date, Kind};

const SUBJECT: &str = "Información del curso {{ name }}";

/// The mail, as tera templates (the host adds `public_url` and the business's layout).
const BODY: &str = "Hola {{ student }}:\n\n\
Le enviamos la información del curso «{{ name }}»{% if reference %} ({{ reference }}){% endif %}, en el que está inscrito.\n\n\
{% if dates %}Fechas: {{ dates }}\n{% endif %}\
{% if hours %}Duración: {{ hours }} horas\n{% endif %}\
Modalidad: {{ modality }}\n\
{% if place %}Lugar: {{ place }}\n{% endif %}\
{% if sessions %}\nSesiones:\n{% for s in sessions %}- {{ s.date }}, de {{ s.start }} a {{ s.end }}{% if s.place %} · {{ s.place }}{% endif %}\n{% endfor %}{% endif %}\
\nSi tiene cualquier duda, responda a este correo o llámenos.\n";

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Query {
    id: Option<i64>,
    course_id: Option<i64>,
    /// Only this student (one of the course's).
    contact_id: Option<i64>,
}

fn modality_name(modality: Modality) -> &'static str {
    match modality {
        Modality::InPerson => "presencial",
        Modality::Online => "en línea",
        Modality::Mixed => "mixta",
    }
}

/// "del 01/12/2026 al 15/12/2026", "desde el 01/12/2026", "hasta el 15/12/2026" or "".
fn dates(start: Option<&str>, end: Option<&str>) -> String {
    match (start, end) {
        (Some(s), Some(e)) if s == e => format!("el {}", spanish_date(s)),
        (Some(s), Some(e)) => format!("del {} al {}", spanish_date(s), spanish_date(e)),
        (Some(s), None) => format!("desde el {}", spanish_date(s)),
        (None, Some(e)) => format!("hasta el {}", spanish_date(e)),
        (None, None) => String::new(),
    }
}

/// Hours as Spanish write them: `12`, `7,5`.
fn hours_text(hours: f64) -> String {
    let text = format!("{hours}");
    text.replace('.', ",")
}

/// `GET course/send/information?id=` (optionally `&contact_id=`): mails the course's information
/// to each of its students with an e-mail (or to that one student). A deleted course is refused
/// (`CONFLICT-000`), so is one without students (`CONFLICT-000`), or a contact who is not its
/// student (`REQ-102` on `contact_id`). Answers `{sent, recipients: [{contact_id, name, email}],
/// without_email: [{contact_id, name}]}`.
pub fn send(ctx: &Ctx, req: &Req, kind: Kind) -> Result<Value> {
    let query: Query = req.query()?;
    let id = query.id.or(query.course_id).ok_or_else(|| Error::required("id"))?;
    let course = find_open(ctx, kind, id)?;
    #[derive(Deserialize)]
    struct Enrolled {
        contact_id: i64,
    }
    let enrolled: Vec<Enrolled> = sql::query_as(
        "SELECT contact_id FROM courses_student WHERE business_id = $1 AND course_id = $2 ORDER BY enrolled_at, contact_id",
        &params![ctx.business_id, id],
    )?;
    let mut students: Vec<i64> = enrolled.into_iter().map(|e| e.contact_id).collect();
    if let Some(only) = query.contact_id {
        if !students.contains(&only) {
            return Err(Error::invalid_field("contact_id", "El contacto no es alumno de este curso"));
        }
        students = vec![only];
    }
    if students.is_empty() {
        return Err(Error::conflict("El curso no tiene alumnos a quienes enviar la información"));
    }
    let people = contacts(&students).ok_or_else(|| Error::conflict("No se pueden leer los alumnos: el módulo de contactos no está activo"))?;
    let sessions: Vec<Value> = session::of_course(ctx, id)?
        .into_iter()
        .map(|s| json!({ "date": spanish_date(&s.date), "start": s.start_time, "end": s.end_time, "place": s.place_name.unwrap_or_default() }))
        .collect();
    let data = &course.data;
    let place = [data.place.trim(), data.training_centre.trim()].into_iter().filter(|p| !p.is_empty()).collect::<Vec<_>>().join(", ");
    let mut recipients = Vec::new();
    let mut without_email = Vec::new();
    for contact_id in students {
        let person = people.iter().find(|p| p.id == contact_id);
        let name = person.map(|p| p.name.clone()).unwrap_or_default();
        let email = person.map(|p| p.email.trim().to_string()).unwrap_or_default();
        if email.is_empty() {
            without_email.push(json!({ "contact_id": contact_id, "name": name }));
            continue;
        }
        let context = json!({
            "student": name,
            "name": data.name,
            "reference": data.reference,
            "dates": dates(data.start_date.as_deref(), data.end_date.as_deref()),
            "hours": data.hours.map(hours_text),
            "modality": modality_name(data.modality),
            "place": place,
            "sessions": sessions,
        });
        mail::send(&[email.clone()], SUBJECT, BODY, &context, &[]).map_err(|e| Error::internal(format!("course information mail: {}", e.details)))?;
        recipients.push(json!({ "contact_id": contact_id, "name": name, "email": email }));
    }
    Ok(json!({ "sent": recipients.len(), "recipients": recipients, "without_email": without_email }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_hours_read_as_spanish() {
        assert_eq!(dates(Some("2026-12-01"), Some("2026-12-15")), "del 01/12/2026 al 15/12/2026");
        assert_eq!(dates(Some("2026-12-01"), Some("2026-12-01")), "el 01/12/2026");
        assert_eq!(dates(None, Some("2026-12-15")), "hasta el 15/12/2026");
        assert_eq!(dates(None, None), "");
        assert_eq!(hours_text(7.5), "7,5");
        assert_eq!(hours_text(35.0), "35");
    }
}
