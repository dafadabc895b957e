//! `GET consulting/trabajador/pdf/{id}`: the worker's file ("ficha del trabajador") as a PDF:
//! their personal and Social Security data, their company, and the courses they take part in
//! with the hours of those finished.

use volante_plugin_sdk::pdf::{self, Flow, MARGIN_LEFT, MARGIN_RIGHT};
use volante_plugin_sdk::prelude::*;
use volante_plugin_sdk::{host, resource, time};

use crate::records::{Category, Education, Gender, Worker};
use crate::{courses_of_worker, names, Kind};

fn gender_es(g: Option<Gender>) -> &'static str {
    match g {
        Some(Gender::Male) => "Hombre",
        Some(Gender::Female) => "Mujer",
        None => "",
    }
}

fn education_es(e: Option<Education>) -> &'static str {
    match e {
        Some(Education::None) => "Sin estudios",
        Some(Education::Primary) => "Educación primaria",
        Some(Education::LowerSecondary) => "ESO",
        Some(Education::UpperSecondary) => "Bachillerato o FP de grado medio",
        Some(Education::VocationalHigher) => "FP de grado superior",
        Some(Education::Bachelor) => "Grado universitario",
        Some(Education::Master) => "Máster",
        Some(Education::Doctorate) => "Doctorado",
        None => "",
    }
}

fn category_es(c: Option<Category>) -> &'static str {
    match c {
        Some(Category::Management) => "Directivo",
        Some(Category::MiddleManagement) => "Mando intermedio",
        Some(Category::Technician) => "Técnico",
        Some(Category::Skilled) => "Trabajador cualificado",
        Some(Category::Unskilled) => "Trabajador de baja cualificación",
        None => "",
    }
}

pub(crate) fn modality_es(m: &str) -> &'static str {
    match m {
        "in_person" => "Presencial",
        "online" => "Teleformación",
        "mixed" => "Mixta",
        "virtual_classroom" => "Aula virtual",
        _ => "",
    }
}

pub(crate) fn status_es(s: &str) -> &'static str {
    match s {
        "draft" => "Borrador",
        "notified" => "Comunicado",
        "in_progress" => "En curso",
        "finished" => "Finalizado",
        "cancelled" => "Cancelado",
        _ => "",
    }
}

fn date_es(date: Option<&str>) -> String {
    date.map(time::spanish_date).unwrap_or_default()
}

/// A company's name, tax code and CCC, whatever its state.
#[derive(Deserialize)]
struct CompanyRow {
    name: String,
    tax_code: String,
    contribution_account: String,
}

/// The worker's file as PDF bytes.
pub(crate) fn render(ctx: &Ctx, record: &Record<Worker>) -> Result<Vec<u8>> {
    let w = &record.data;
    let mut doc = Flow::new();
    doc.title("FICHA DEL TRABAJADOR");
    let (page, y) = doc.at();
    page.text(MARGIN_LEFT, y + 6.0, 9.0, false, &format!("Emitida el {}", time::spanish_date(&host::spanish_today())));
    doc.down(8.0);

    doc.heading("Datos personales");
    for (label, value) in [
        ("Nombre", w.name()),
        ("DNI/NIE", w.dni.clone()),
        ("Nº de la Seguridad Social", w.social_security_number.clone()),
        ("Fecha de nacimiento", date_es(w.birth_date.as_deref())),
        ("Sexo", gender_es(w.gender).into()),
        ("Correo electrónico", w.email.clone()),
        ("Teléfono", w.phone.clone()),
        ("Nivel de estudios", education_es(w.education_level).into()),
        ("Categoría profesional", category_es(w.professional_category).into()),
        ("Grupo de cotización", w.contribution_group.map(|g| g.to_string()).unwrap_or_default()),
        ("Discapacidad", if w.disability { "Sí" } else { "No" }.into()),
    ] {
        doc.field(label, &value);
    }

    if let Some(company_id) = w.company_id {
        let company: Option<CompanyRow> = sql::query_optional(
            "SELECT name, tax_code, contribution_account FROM consulting_company WHERE business_id = $1 AND id = $2",
            &params![ctx.business_id, company_id],
        )?;
        if let Some(c) = company {
            doc.heading("Empresa");
            doc.field("Razón social", &c.name);
            doc.field("CIF", &c.tax_code);
            doc.field("Cuenta de cotización", &c.contribution_account);
        }
    }

    let courses = courses_of_worker(ctx, record.id)?;
    let centres = names(ctx, Kind::Centre, courses.iter().filter_map(|c| c.centre_id))?;
    doc.heading("Formación");
    if courses.is_empty() {
        doc.paragraph("No participa en ningún curso.", 9.0);
    } else {
        let rows: Vec<Vec<String>> = courses
            .iter()
            .map(|c| {
                let codes = [c.action_code.as_str(), c.group_code.as_str()].iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join("/");
                vec![
                    if codes.is_empty() { c.name.clone() } else { format!("{codes} {}", c.name) },
                    modality_es(&c.modality).into(),
                    c.centre_id.and_then(|id| centres.get(&id)).cloned().unwrap_or_default(),
                    format!("{} - {}", date_es(c.start_date.as_deref()), date_es(c.end_date.as_deref())),
                    c.hours.map(|h| h.to_string()).unwrap_or_default(),
                    status_es(&c.status).into(),
                ]
            })
            .collect();
        doc.table(
            &[
                (MARGIN_LEFT, "Curso", false, 36),
                (230.0, "Modalidad", false, 13),
                (300.0, "Centro", false, 12),
                (365.0, "Fechas", false, 23),
                (500.0, "Horas", true, 5),
                (MARGIN_RIGHT - 47.0, "Estado", false, 10),
            ],
            &rows,
        );
        let finished: i64 = courses.iter().filter(|c| c.status == "finished").filter_map(|c| c.hours).sum();
        doc.field("Horas de cursos finalizados", &finished.to_string());
    }
    Ok(pdf::write(&doc.finish()))
}

/// `GET consulting/trabajador/pdf/{id}`: `{id, filename, content_type, base64}`.
pub(crate) fn worker_pdf(ctx: &Ctx, req: &Req) -> Result<Value> {
    let id: i64 = req.param("id")?;
    let record = resource::find::<Worker>(ctx, id)?;
    let bytes = render(ctx, &record)?;
    let name = if record.data.dni.is_empty() { format!("trabajador-{id}") } else { record.data.dni.clone() };
    let mut answer = pdf::answer(&format!("ficha-{name}.pdf"), &bytes);
    answer["id"] = json!(id);
    Ok(answer)
}
