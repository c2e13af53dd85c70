package mse.emulator.report;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** The few HTML pieces of a report: escaping, tables, style. */
final class Html {

    static final String STYLE = "body{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}"
            + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}"
            + "th{background:#f4f4f4}td.key{text-align:left;font-weight:bold}img.chart{max-width:100%}"
            + "code{background:#f4f4f4;padding:2px 4px;word-break:break-all}section{margin-top:2em}";

    private Html() {
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static String pointsTable(List<ReportPoint> points) {
        StringBuilder t = new StringBuilder("<table id=\"points\"><tr><th>series</th><th>P</th><th>time (s)</th>"
                + "<th>master send (s)</th><th>receive (s)</th><th>compute (s)</th><th>idle (s)</th><th>link busy (s)</th></tr>\n");
        for (ReportPoint p : points.stream().sorted(Comparator.comparing(ReportPoint::series).thenComparingInt(ReportPoint::np)).toList()) {
            t.append("<tr><td class=\"key\">").append(escape(p.series())).append("</td><td>").append(p.np())
                    .append("</td><td>").append(String.format("%.6f", p.seconds())).append("</td><td>")
                    .append(seconds(p.master(), ReportPoint.MasterBreakdown::send)).append("</td><td>")
                    .append(seconds(p.master(), ReportPoint.MasterBreakdown::receive)).append("</td><td>")
                    .append(seconds(p.master(), ReportPoint.MasterBreakdown::compute)).append("</td><td>")
                    .append(seconds(p.master(), ReportPoint.MasterBreakdown::idle)).append("</td><td>")
                    .append(seconds(p.master(), ReportPoint.MasterBreakdown::linkBusy)).append("</td></tr>\n");
        }
        return t.append("</table>\n").toString();
    }

    /**
     * What bounds each analysed run, next to the master's breakdown: the critical path's sentence and parts, the
     * master's wait states and the other ranks' (docs/results.md, "Wait states and the critical path"); empty when no
     * point was analysed.
     */
    static String boundsTable(List<ReportPoint> points) {
        List<ReportPoint> analysed = points.stream().filter(p -> p.waits() != null)
                .sorted(Comparator.comparing(ReportPoint::series).thenComparingInt(ReportPoint::np)).toList();
        if (analysed.isEmpty()) {
            return "";
        }
        StringBuilder t = new StringBuilder("<section id=\"bounds\"><h2>What bounds the run</h2><p>The critical path is the "
                + "chain of computations, overheads and messages that ends at the predicted time; its parts add up to it. A "
                + "late sender is a receive waiting for a message not yet sent; queue wait, messages waiting for the master "
                + "to take them; collective wait, a collective waiting for a later rank; late receiver, a synchronous send "
                + "waiting for its receiver. Seconds of virtual time, all ranks but the master added up.</p>"
                + "<table id=\"bounds-table\"><tr><th>series</th><th>P</th><th>what bounds the run</th><th>path compute (s)</th>"
                + "<th>overhead (s)</th><th>network (s)</th><th>wait (s)</th><th>master late sender (s)</th>"
                + "<th>master queue wait (s)</th><th>slaves late sender (s)</th><th>collective wait (s)</th>"
                + "<th>late receiver (s)</th></tr>\n");
        for (ReportPoint p : analysed) {
            t.append("<tr><td class=\"key\">").append(escape(p.series())).append("</td><td>").append(p.np()).append("</td>");
            List<String> cells = p.waits().cells();
            t.append("<td style=\"text-align:left\">").append(escape(cells.get(0))).append("</td>");
            cells.subList(1, cells.size()).forEach(c -> t.append("<td>").append(c).append("</td>"));
            t.append("</tr>\n");
        }
        return t.append("</table></section>\n").toString();
    }

    /** A breakdown's part, or a dash when the point has no breakdown (a measured run): never an invented zero. */
    /**
     * Each master of the runs with more than one (`--master-ranks`, or MSE's multiple masters): its breakdown and its own
     * queue, as the one-master table and distributions show for a single master; empty when no run has several.
     */
    static String mastersTable(List<ReportPoint> points) {
        List<ReportPoint> several = points.stream().filter(p -> p.masters().size() > 1)
                .sorted(Comparator.comparing(ReportPoint::series).thenComparingInt(ReportPoint::np)).toList();
        if (several.isEmpty()) {
            return "";
        }
        StringBuilder t = new StringBuilder("<section id=\"each-master\"><h2>Each master</h2><p>Runs with several masters: "
                + "each master's virtual time by activity, and its own queue (how long a slave waits from sending its result "
                + "until its next task arrives, and how long a message waits while this master is busy). The busiest master "
                + "is the one that saturates first.</p><table id=\"masters-table\"><tr><th>series</th><th>P</th>"
                + "<th>master rank</th><th>send (s)</th><th>receive (s)</th><th>compute (s)</th><th>idle (s)</th>"
                + "<th>busy</th><th>link busy (s)</th><th>slave wait p50 (us)</th><th>p99 (us)</th>"
                + "<th>queue wait p50 (us)</th><th>p99 (us)</th></tr>\n");
        for (ReportPoint p : several) {
            for (RankBreakdown m : p.masters()) {
                t.append("<tr><td class=\"key\">").append(escape(p.series())).append("</td><td>").append(p.np())
                        .append("</td><td>").append(m.rank()).append("</td><td>")
                        .append(String.format("%.6f</td><td>%.6f</td><td>%.6f</td><td>%.6f</td><td>%.1f%%</td><td>%.6f",
                                m.sendSeconds(), m.recvSeconds(), m.computeSeconds(), m.idleSeconds(),
                                100 * m.busyFraction(), m.linkBusySeconds()))
                        .append("</td><td>").append(micros(m.slaveWaitMicros(), Percentiles::p50))
                        .append("</td><td>").append(micros(m.slaveWaitMicros(), Percentiles::p99))
                        .append("</td><td>").append(micros(m.masterQueueWaitMicros(), Percentiles::p50))
                        .append("</td><td>").append(micros(m.masterQueueWaitMicros(), Percentiles::p99)).append("</td></tr>\n");
            }
        }
        return t.append("</table></section>\n").toString();
    }

    private static String micros(Percentiles p, ToDoubleFunction<Percentiles> which) {
        return p == null ? "-" : String.format("%.1f", which.applyAsDouble(p));
    }

    private static String seconds(ReportPoint.MasterBreakdown master, ToDoubleFunction<ReportPoint.MasterBreakdown> part) {
        return master == null ? "\u2013" : String.format("%.6f", part.applyAsDouble(master));
    }

    static String inputsTable(Map<String, String> inputs) {
        StringBuilder t = new StringBuilder("<section id=\"inputs\"><h2>Inputs</h2><table>\n");
        inputs.forEach((k, v) -> t.append("<tr><td class=\"key\">").append(escape(k)).append("</td><td style=\"text-align:left\">")
                .append(escape(String.valueOf(v))).append("</td></tr>\n"));
        return t.append("</table></section>\n").toString();
    }
}
