export { commitPaper, generatePaper, submitClassicPaper } from './create';
export { downloadPaper } from './download';
export { listPapers, listSections, loadPaper } from './records';
export { deleteContent, deletePaper, paperFullText, paperMaterials, reloadSection, updateContent } from './sections';
