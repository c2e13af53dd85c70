/**
 * The PNG charts of report.html (XChart): predicted time and speedup over P, where the master's time went,
 * latency percentiles and the Gantt chart of the first tasks. Drawing only; the numbers come from report.
 */
package mse.emulator.report.charts;
