/** Census of analysed lessons (/research/census/*, /research/subject/all) and c291's answer (issue #10). OWNER: census helper. */
export {};
