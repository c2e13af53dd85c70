/**
 * What the target cluster looks like: LogGPS network profiles and CPU profiles in HOCON, with the built-in
 * presets from the papers. Every key is required and unknown keys are refused; a bad file is a ProfileException
 * naming file, key and line, which the command line turns into exit code 2.
 */
package mse.cluster.profiles;
