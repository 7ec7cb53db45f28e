/** The series colours of the statistics charts, in order. */
export const chartColors = ['#3182ce', '#dd6b20', '#38a169', '#805ad5', '#e53e3e', '#319795'];
