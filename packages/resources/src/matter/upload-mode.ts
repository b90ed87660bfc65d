/** A person an application names: the applicant, a household member or a supporter (赡养/抚养/扶养人). */
export type Party = { role: 'applicant' | 'member' | 'supporter'; age: number };

/**
 * Who must provide a material under its upload mode (dictionary MAT_FILE_UPLOAD_MODE):
 * 1 the applicant; 2 the applicant and household members; 3 those and supporters aged 18 or over;
 * 4 those and all supporters; 5 the applicant, household members aged 18 or over and supporters
 * aged 18 or over (papers only adults can sign, such as the household-income check authorisation).
 * Mode 3 limits supporters only by age, mode 5 limits members and supporters; the applicant is always in.
 * An unknown mode is read as 1.
 */
export function partiesFor<P extends Party>(mode: number | null | undefined, parties: P[]): P[] {
  return parties.filter((p) => {
    if (p.role === 'applicant') return true;
    const adult = p.age >= 18;
    switch (mode) {
      case 2:
        return p.role === 'member';
      case 3:
        return p.role === 'member' || adult;
      case 4:
        return true;
      case 5:
        return adult;
      default:
        return false;
    }
  });
}
