/**
 * The plugin's fixed values (README): the permission, the four kinds in the order the screens
 * offer them, the lists the API takes (their Spanish names are in the catalogue) and the filters.
 */
import type { CourseStatus, EducationLevel, Gender, Kind, Modality, ProfessionalCategory } from './api';

/** The service and permission every call and screen needs (plugin.toml). */
export const PERMISSION = 'consulting';

/** The kinds, in the sub-navigation's order. */
export const KINDS: Kind[] = ['empresas', 'trabajadores', 'cursos', 'centros'];

export const GENDERS: Gender[] = ['male', 'female'];
export const EDUCATION_LEVELS: EducationLevel[] = ['none', 'primary', 'lower_secondary', 'upper_secondary', 'vocational_higher', 'bachelor', 'master', 'doctorate'];
export const PROFESSIONAL_CATEGORIES: ProfessionalCategory[] = ['management', 'middle_management', 'technician', 'skilled', 'unskilled'];
export const MODALITIES: Modality[] = ['in_person', 'online', 'mixed', 'virtual_classroom'];
export const COURSE_STATUSES: CourseStatus[] = ['draft', 'notified', 'in_progress', 'finished', 'cancelled'];
/** The Social Security contribution groups, 1–11. */
export const CONTRIBUTION_GROUPS: number[] = Array.from({ length: 11 }, (_, i) => i + 1);

/** The lists' "Situación" filter: '' is every state but deleted (the host's default). */
export const STATE_FILTERS = ['', 'active', 'inactive', 'deleted', 'all'] as const;

/** The group filter's "Sin grupo": `group_id` 0 asks for the records without a group. */
export const NO_GROUP = '0';

/** The most a select of companies or centres lists (the host's largest page). */
export const CHOICES_PER_PAGE = 500;
/** The most a participant search shows. */
export const FINDER_PER_PAGE = 20;
